import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { ErrorSearch, type SearchQuery, type SearchSource } from '@companion/error-search';
import type { ErrorEntry } from '@companion/schema';
import { recordRows } from './report';
import { median } from './stats';

// Search at 100,000 entries: the index against a linear scan of the same entries (what the
// service did before: lower-cased text per entry, substring tests, sort). Figures only.
const ENTRIES = Number(process.env.SEARCH_BENCH_ENTRIES ?? 100_000);
const QUERIES = 1_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

// A deterministic generator, so every run searches the same catalogue with the same queries.
let seed = 42;
// mulberry32: 32-bit integer arithmetic throughout, so the sequence does not collapse into a short cycle.
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
// Zipf-like: a few words are common, most are rare, as in any prose.
const zipf = <T>(items: readonly T[]) => items[Math.floor(items.length * random() ** 3)]!;

// Syllables of a consonant, a vowel and maybe a closing consonant: as many distinct prefixes as
// English words have, so a three-letter prefix stands for a handful of words, not a tenth of them.
const CONSONANTS = [...'bcdfghjklmnprstvwz'];
const VOWELS = [...'aeiou'];
const syllable = () => pick(CONSONANTS) + pick(VOWELS) + (random() < 0.5 ? pick(CONSONANTS) : '');
const VOCABULARY = [...new Set(Array.from({ length: 8_000 }, () => Array.from({ length: 2 + Math.floor(random() * 2) }, syllable).join('')))];
const PREFIXES = Array.from({ length: 60 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + ((i * 7) % 26), 65 + ((i * 11) % 26)));
const sentence = (words: number) => Array.from({ length: words }, () => zipf(VOCABULARY)).join(' ') + '.';
const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

const entries: ErrorEntry[] = [];
const flags = new Set<string>();
while (entries.length < ENTRIES) {
  const Flag = `${pick(PREFIXES)}${1000 + Math.floor(random() * 900_000)}`;
  if (flags.has(Flag)) continue;
  flags.add(Flag);
  entries.push({
    Flag,
    Info: `${sentence(12 + Math.floor(random() * 12))} ${sentence(8)}`,
    Solution: Array.from({ length: 2 + Math.floor(random() * 3) }, () => sentence(8 + Math.floor(random() * 6))),
    messages: [],
    category: pick(['network', 'tls', 'auth', 'config', 'relay', 'cli']),
    severity: pick(SEVERITIES),
    creator: 'bench',
    notes: null,
    created_at: null,
    updated_at: null,
  });
}
entries.sort((a, b) => (a.Flag < b.Flag ? -1 : 1));
const errors = new Map(entries.map((e) => [e.Flag, e]));
const source: SearchSource = { generation: 1, errorChanges: null, errors };
const flagList = [...flags];

const typo = (word: string) => {
  const at = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};
const queries: SearchQuery[] = Array.from({ length: QUERIES }, (_, i) => {
  const word = zipf(VOCABULARY);
  const q = [
    () => pick(flagList).toLowerCase(),
    () => pick(flagList).slice(0, 4).toLowerCase(),
    () => word,
    () => word.slice(0, Math.max(3, word.length - 3)),
    () => (word.length >= 6 ? typo(word) : word),
    () => `${word} ${zipf(VOCABULARY)}`,
  ][i % 6]!();
  return { q, limit: 20, ...(i % 5 === 0 && { severity: pick(SEVERITIES) }) };
});

/** The search as it was: every entry's lower-cased text tested per query, then sorted. */
const lowered = entries.map((entry) => ({ entry, flag: entry.Flag.toLowerCase(), info: entry.Info.toLowerCase(), solution: entry.Solution.join('\n').toLowerCase() }));
function scan({ q, severity, limit }: SearchQuery): ErrorEntry[] {
  const rank = (item: (typeof lowered)[number]) => {
    if (item.flag === q) return 0;
    if (item.flag.startsWith(q)) return 1;
    if (item.flag.includes(q)) return 2;
    if (item.info.includes(q)) return 3;
    if (item.solution.includes(q)) return 4;
    return -1;
  };
  return lowered
    .filter((item) => !severity || item.entry.severity === severity)
    .map((item) => ({ item, rank: rank(item) }))
    .filter((hit) => hit.rank >= 0)
    .sort((a, b) => a.rank - b.rank || (a.item.entry.Flag < b.item.entry.Flag ? -1 : 1))
    .slice(0, limit)
    .map((hit) => hit.item.entry);
}

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;
const us = (value: number) => `${(value * 1000).toFixed(value < 0.1 ? 1 : 0)} us`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

console.log(`generated ${ENTRIES} entries`);
const heapBefore = heapAfterGc();
const search = new ErrorSearch();
const buildStarted = performance.now();
search.search(source, { q: '', limit: 1 });
const buildMs = performance.now() - buildStarted;
const indexHeap = heapAfterGc() - heapBefore;
const contentChars = entries.reduce((sum, e) => sum + e.Flag.length + e.Info.length + e.Solution.join('').length, 0);

function timeEach(run: (query: SearchQuery) => unknown): number[] {
  return queries.map((query) => {
    const started = performance.now();
    run(query);
    return performance.now() - started;
  });
}

console.log(`index built in ${buildMs.toFixed(0)} ms`);
// Warm-up, then A B A B; each figure is the median of the rounds' medians (and p99s).
timeEach((q) => search.search(source, q));
timeEach(scan);
const rounds: { index: number[]; scan: number[] }[] = [];
for (let round = 0; round < 2; round++) rounds.push({ index: timeEach((q) => search.search(source, q)), scan: timeEach(scan) });
if (process.env.SEARCH_BENCH_SLOWEST) {
  const r = rounds[0]!.index;
  const order = r.map((t, i) => [t, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 12);
  for (const [t, i] of order) console.log(`slow: ${us(t)} ${JSON.stringify(queries[i])} hits=${search.search(source, queries[i]!).length}`);
}
const indexMedian = median(rounds.map((r) => median(r.index)));
const indexP99 = median(rounds.map((r) => percentile(r.index, 0.99)));
const scanMedian = median(rounds.map((r) => median(r.scan)));
const scanP99 = median(rounds.map((r) => percentile(r.scan, 0.99)));

// One write: the index patched with the one Flag a snapshot names, against building it whole.
const changed = { ...entries[500]!, Info: 'A patched entry about handshake timeouts.' };
const patchedErrors = new Map(errors).set(changed.Flag, changed);
const patches: number[] = [];
for (let generation = 2; generation < 12; generation++) {
  const next: SearchSource = { generation, errorChanges: { since: generation - 1, flags: [changed.Flag] }, errors: generation % 2 ? errors : patchedErrors };
  const started = performance.now();
  search.search(next, { q: changed.Flag.toLowerCase(), limit: 1 });
  patches.push(performance.now() - started);
}
const lastSync = search.stats().lastSync;

console.log(`catalogue: ${ENTRIES} generated entries, ${(contentChars / 2 ** 20).toFixed(1)} M characters of text; ${QUERIES} queries (Flags, Flag prefixes, words, word prefixes, typos, two words; every fifth with a severity)`);
console.log(`index: built in ${buildMs.toFixed(0)} ms, ${search.stats().terms} terms, heap ${mib(indexHeap)}`);
console.log(`search median ${us(indexMedian)} p99 ${us(indexP99)}; linear scan median ${us(scanMedian)} p99 ${us(scanP99)}`);
console.log(`one changed entry: patch median ${us(median(patches))} (last sync: ${lastSync.kind} of ${lastSync.flags}); full build ${buildMs.toFixed(0)} ms`);

recordRows(import.meta.filename, `Search over ${ENTRIES.toLocaleString('en')} generated entries (${QUERIES} queries)`, [
  { measure: 'search: median per query', value: us(indexMedian), reference: `${us(scanMedian)} (linear scan, same entries)`, ratio: `${(scanMedian / indexMedian).toFixed(0)}x faster`, target: '>= 50x faster and < 1 ms' },
  { measure: 'search: p99 per query', value: us(indexP99), reference: `${us(scanP99)} (linear scan)`, ratio: `${(scanP99 / indexP99).toFixed(0)}x faster` },
  { measure: 'index heap', value: mib(indexHeap), reference: `${mib(contentChars * 2)} (the entries' text as UTF-16)`, ratio: `${(indexHeap / (contentChars * 2)).toFixed(2)}x` },
  { measure: 'one changed entry: index patch', value: us(median(patches)), reference: `${buildMs.toFixed(0)} ms (full build)`, ratio: `${((buildMs) / median(patches)).toFixed(0)}x faster` },
]);
