import { DEV_SITUATION_QUERIES, evaluate, HELD_OUT_QUERIES, SECOND_HELD_OUT_QUERIES, SECOND_JUDGE_QUERIES, type RelevanceFigures } from '@companion/error-search/relevance';
import { useApiOnContentCopy } from './support/service';

// The service's search, over HTTP on the shipped catalogue, against the judged queries in
// packages/error-search/relevance: what a support agent would accept for what customers paste
// and say. `pnpm bench search` sets the same figures beside other engines'.
const service = useApiOnContentCopy();

const flagsFor = async (q: string): Promise<string[]> => {
  const response = await fetch(`${service.api.url}/api/tunnel/errors/search?q=${encodeURIComponent(q)}&limit=10`);
  if (response.status !== 200) throw new Error(`search for ${JSON.stringify(q)} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { Flag: string }[] }).data.map((hit) => hit.Flag);
};

test('puts the accepted entry first for 85% of the judged queries and in the top three for 95%', async () => {
  const figures = await evaluate(flagsFor);
  console.log(
    `search relevance over ${figures.queries} judged queries: recall@1 ${figures.recallAt1.toFixed(3)}, recall@3 ${figures.recallAt3.toFixed(3)}, MRR ${figures.mrr.toFixed(3)}\n` +
      figures.misses.map((miss) => `  missed: ${JSON.stringify(miss.q.slice(0, 100))} wants ${miss.accept.join('/')}, got ${miss.got.join(', ') || 'nothing'}`).join('\n'),
  );
  expect(figures.queries).toBeGreaterThanOrEqual(150);
  expect(figures.recallAt1).toBeGreaterThanOrEqual(0.85);
  expect(figures.recallAt3).toBeGreaterThanOrEqual(0.95);
  expect(figures.mrr).toBeGreaterThanOrEqual(0.9);
  // A code, however it is written, is never missed.
  expect(figures.byKind['code-in-text'].recallAt3).toBe(1);
  expect(figures.byKind['code-spelling'].recallAt3).toBe(1);
  // Queries in each language the catalogue is translated into find their entry as often as English ones.
  console.log(Object.entries(figures.byLanguage).map(([lang, f]) => `  ${lang}: ${f.queries} queries, recall@1 ${f.recallAt1.toFixed(3)}, recall@3 ${f.recallAt3.toFixed(3)}`).join('\n'));
  expect(figures.byLanguage.en.recallAt3).toBeGreaterThanOrEqual(0.95);
  for (const lang of ['de', 'fr', 'es'] as const) {
    expect(figures.byLanguage[lang].queries).toBeGreaterThanOrEqual(15);
    expect(figures.byLanguage[lang].recallAt3).toBeGreaterThanOrEqual(0.9);
  }
  // The second judge's queries alone, written blind from the entries in each language: the same bar.
  const blind = await evaluate(flagsFor, SECOND_JUDGE_QUERIES);
  console.log(
    `second judge's ${blind.queries} queries: recall@1 ${blind.recallAt1.toFixed(3)}, recall@3 ${blind.recallAt3.toFixed(3)}\n` +
      Object.entries(blind.byLanguage).map(([lang, f]) => `  ${lang}: ${f.queries} queries, recall@3 ${f.recallAt3.toFixed(3)}`).join('\n'),
  );
  for (const lang of ['en', 'de', 'fr', 'es'] as const) {
    expect(blind.byLanguage[lang].queries).toBeGreaterThanOrEqual(30);
    expect(blind.byLanguage[lang].recallAt3).toBeGreaterThanOrEqual(0.9);
  }
}, 120_000);

const byKindAndLanguage = (figures: RelevanceFigures) =>
  Object.entries(figures.byKindAndLanguage)
    .map(([group, f]) => `  ${group}: ${f.queries} queries, recall@1 ${f.recallAt1.toFixed(3)}, recall@3 ${f.recallAt3.toFixed(3)}`)
    .join('\n');

test("finds the entry for customers' own words and situations, written blind (held out) and for development, in every language", async () => {
  // The held-out sets decide what the search keeps; they are read only as figures per kind and language, never query by query.
  const held = await evaluate(flagsFor, HELD_OUT_QUERIES);
  const second = await evaluate(flagsFor, SECOND_HELD_OUT_QUERIES);
  const blind = await evaluate(flagsFor, [...HELD_OUT_QUERIES, ...SECOND_HELD_OUT_QUERIES]);
  const dev = await evaluate(flagsFor, DEV_SITUATION_QUERIES);
  for (const [name, figures] of [['held-out', held], ['second held-out', second], ['both held-out sets', blind], ['development', dev]] as const) {
    console.log(`${name} ${figures.queries} queries: recall@1 ${figures.recallAt1.toFixed(3)}, recall@3 ${figures.recallAt3.toFixed(3)}\n${byKindAndLanguage(figures)}`);
  }
  // What customers get, over both blind sets (45 English own-words queries and 30 in each other
  // language, 20 situations per language): own words first for 70% and in the first three for
  // 90%, situations in the first three for 80%, in every language.
  for (const lang of ['en', 'de', 'fr', 'es'] as const) {
    const own = blind.byKindAndLanguage[`own-words ${lang}`]!;
    const situation = blind.byKindAndLanguage[`situation ${lang}`]!;
    expect(own.queries).toBeGreaterThanOrEqual(30);
    expect(situation.queries).toBeGreaterThanOrEqual(20);
    expect(own.recallAt1).toBeGreaterThanOrEqual(0.7);
    expect(own.recallAt3).toBeGreaterThanOrEqual(0.9);
    expect(situation.recallAt3).toBeGreaterThanOrEqual(0.8);
  }
  // Floors at what each set reaches, queries found first and in the first three (the first set
  // without the concept map: own words 0.66 and 0.80 overall, situations 0.40 and 0.68).
  const floors: Record<string, Record<string, [number, number]>> = {
    'held-out': {
      'own-words en': [22 / 25, 25 / 25],
      'own-words de': [12 / 15, 13 / 15],
      'own-words fr': [14 / 15, 15 / 15],
      'own-words es': [15 / 15, 15 / 15],
      'situation en': [9 / 10, 10 / 10],
      'situation de': [7 / 10, 9 / 10],
      'situation fr': [8 / 10, 10 / 10],
      'situation es': [8 / 10, 10 / 10],
    },
    'second held-out': {
      'own-words en': [17 / 20, 20 / 20],
      'own-words de': [12 / 15, 14 / 15],
      'own-words fr': [13 / 15, 15 / 15],
      'own-words es': [15 / 15, 15 / 15],
      'situation en': [9 / 10, 10 / 10],
      'situation de': [6 / 10, 7 / 10],
      'situation fr': [7 / 10, 9 / 10],
      'situation es': [9 / 10, 9 / 10],
    },
  };
  for (const [set, figures] of [['held-out', held], ['second held-out', second]] as const) {
    for (const [group, [at1, at3]] of Object.entries(floors[set]!)) {
      expect(figures.byKindAndLanguage[group]!.recallAt1).toBeGreaterThanOrEqual(at1 - 1e-9);
      expect(figures.byKindAndLanguage[group]!.recallAt3).toBeGreaterThanOrEqual(at3 - 1e-9);
    }
  }
  expect(dev.recallAt3).toBeGreaterThanOrEqual(0.95);
  expect(dev.byKind['code-in-text'].recallAt1).toBe(1);
}, 120_000);
