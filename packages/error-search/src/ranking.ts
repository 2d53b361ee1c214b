import type MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import { internalsOf, MATCH_WEIGHTS, termsOf, type IndexInternals, type Postings, type WordPlan } from './query-plan';
import { boostOf, languageOfField, type SearchDocument } from './text-index';

/**
 * A term more entries hold than this share (and at least COMMON_MIN) is common: it tells little
 * apart but would cost a score per entry holding it, so it is scored only for the entries the
 * query's other words found (or, when too few did, for the first COMMON_SCAN_LIMIT entries
 * holding the least common one).
 */
const COMMON_SHARE = 0.005;
const COMMON_MIN = 500;
const COMMON_SCAN_LIMIT = 20_000;
/**
 * At most this many postings the first pass reads for the terms a word is matched by in other ways
 * than itself and its forms (synonyms, compounds, typos, prefixes), rarest first: a long query (a
 * pasted log line, each word also matched by the compounds of another language) leaves the more
 * common of them to the full scoring of the entries the others found, as it does common terms.
 */
const FIRST_PASS_POSTINGS = 10_000;
/** Candidates kept after the first pass, per result asked for, to be scored in full. */
const RESCORE_PER_RESULT = 3;
const RESCORE_MIN = 50;
/** A message of the entry found whole in the query multiplies its score by this. */
const MESSAGE_FACTOR = 3;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** An entry found, scored in full. */
export interface Ranked {
  flag: string;
  score: number;
  /** The language whose fields matched the most (by score): `en`, or a translation's. */
  language: string;
  /**
   * The index terms it matched and the fields they were found in (`info`, `messages.de`), once
   * each, into `terms` and `fields` (emptied first): where a page's marked words are. Read only for
   * the entries shown, not for every entry scored.
   */
  matches(terms: string[], fields: string[]): void;
}

/** A term of the query with what it weighs, and where the index keeps it. */
interface QueryTerm {
  word: number;
  term: string;
  weight: number;
  postings: Postings;
}

/**
 * A term of the query in one field, ready to score: MiniSearch's BM25+,
 * `factor x (d + f(k + 1) / (f + k(1 - b) + perLength x length))`, where factor is the term's
 * weight x the field's boost x the term's idf in the field, and perLength is kb / average length.
 */
interface FieldTerm {
  word: number;
  field: string;
  /** The field's language, as its place in the query's list of languages (see Ranking.rank). */
  language: number;
  /** The term's place among the query's (word, term) pairs. */
  slot: number;
  term: string;
  docs: Map<number, number>;
  factor: number;
  perLength: number;
  lengths: Uint16Array;
}
const K1 = BM25.k + 1;
const NO_LENGTHS = new Uint16Array(0);
const BASE = BM25.k * (1 - BM25.b);

/**
 * Per-entry sums for one query, in arrays indexed by the index's short document ids and reused
 * from query to query (only the entries a query touched are reset), so scoring thousands of
 * entries allocates nothing per entry.
 */
class Scratch {
  total = new Float64Array(0);
  best = new Float64Array(0);
  matched = new Uint16Array(0);
  /** The entries a query touched, and those one of its words touched (their first `n`). */
  touched = new Int32Array(0);
  inWord = new Int32Array(0);
  /** For scoring one entry in full: per word, per (word, term) slot, per (language, word), per language. */
  byWord = new Float64Array(0);
  bySlot = new Float64Array(0);
  languageWords = new Uint8Array(0);
  languageScore = new Float64Array(0);
  languageCount = new Uint16Array(0);
  /** fullScore's answer for the entry it last scored. */
  score = 0;
  language = 'en';
  /** The first pass's best entries, kept from query to query. */
  readonly top = new TopK();

  /** Room for a query of `words` words, `slots` (word, term) pairs and `languages` languages. */
  fitQuery(words: number, slots: number, languages: number): void {
    if (this.byWord.length < words) this.byWord = new Float64Array(words);
    if (this.bySlot.length < slots) this.bySlot = new Float64Array(slots);
    if (this.languageWords.length < words * languages) this.languageWords = new Uint8Array(words * languages);
    if (this.languageScore.length < languages) {
      this.languageScore = new Float64Array(languages);
      this.languageCount = new Uint16Array(languages);
    }
  }

  fit(size: number): void {
    if (this.total.length >= size) return;
    const length = Math.max(size, this.total.length * 2, 1024);
    this.total = new Float64Array(length);
    this.best = new Float64Array(length);
    this.matched = new Uint16Array(length);
    this.touched = new Int32Array(length);
    this.inWord = new Int32Array(length);
  }
}

/**
 * Each entry's field lengths (in terms), per field, by short id: what BM25 normalises by, read
 * for every posting a query scores. MiniSearch keeps them in a Map of arrays, whose lookups cost
 * more than the rest of the scoring together at 100,000 entries; here they are one typed array
 * per field, kept as entries are added.
 */
class FieldLengths {
  private byField: Uint16Array[] = [];

  /** All of them anew, after the index was built. */
  reset(index: IndexInternals): void {
    this.byField = [];
    for (const [doc, lengths] of index._fieldLength) this.set(index, doc, lengths);
  }

  /** One entry's, after it was added. */
  added(index: IndexInternals, flag: string): void {
    const doc = index._idToShortId.get(flag)!;
    this.set(index, doc, index._fieldLength.get(doc)!);
  }

  of(fieldId: number): Uint16Array {
    return this.byField[fieldId]!;
  }

  private set(index: IndexInternals, doc: number, lengths: readonly number[]): void {
    lengths.forEach((length, fieldId) => {
      let array = this.byField[fieldId];
      if (!array || array.length <= doc) {
        const grown = new Uint16Array(Math.max(index._nextId, 1024, (array?.length ?? 0) * 2));
        if (array) grown.set(array);
        this.byField[fieldId] = array = grown;
      }
      array[doc] = Math.min(length, 0xffff);
    });
  }
}

/**
 * Ranks the entries for a planned query in two passes. First, term at a time over the rare terms
 * (see firstPassTerms; BM25+ per field, weighted by field and by how the term matched the word; a
 * word counts once, by its best match), an entry's score being the sum over words times the number
 * of words it matched (entries matching more of the query first, as MiniSearch's own OR does); the
 * best `max(50, 3 x limit)` are kept. Then each kept entry is scored in full, every term included,
 * and one whose message appears whole in the query counts three times.
 */
export class Ranking {
  private readonly scratch = new Scratch();
  private readonly lengths = new FieldLengths();
  /** The index's fields and their ids, read once per index. */
  private fields: [string, number][] = [];
  private fieldsOf: IndexInternals['_fieldIds'] | null = null;

  /** Follows the index: after it was built anew. */
  built(text: MiniSearch<SearchDocument>): void {
    this.lengths.reset(internalsOf(text));
  }

  /** Follows the index: after an entry was added to it. */
  added(text: MiniSearch<SearchDocument>, flag: string): void {
    this.lengths.added(internalsOf(text), flag);
  }

  /**
   * `withMessage`: the Flags with a message the query holds whole; they are scored whatever the
   * first pass kept.
   */
  rank(text: MiniSearch<SearchDocument>, plans: readonly WordPlan[], withMessage: ReadonlySet<string>, errors: ReadonlyMap<string, ErrorEntry>, wanted: ((entry: ErrorEntry | undefined) => boolean) | null, limit: number): Ranked[] {
    if (plans.length === 0) return [];
    const index = internalsOf(text);
    const tree = termsOf(text);
    this.scratch.fit(index._nextId);
    const commonAt = Math.max(COMMON_MIN, index._documentCount * COMMON_SHARE);
    const terms: QueryTerm[] = [];
    plans.forEach((plan, word) => {
      for (const [term, weight] of plan.terms) terms.push({ word, term, weight, postings: tree.get(term)! });
    });
    const rare = firstPassTerms(terms, commonAt);
    const admits = (doc: number) => wanted === null || wanted(errors.get(index._documentIds.get(doc)!));
    const keep = Math.max(RESCORE_MIN, limit * RESCORE_PER_RESULT);
    const languages: string[] = [];
    const all = this.inFields(index, terms, languages);
    const read = new Set(rare);
    const kept = this.firstPass(plans.length, all.filter((t) => read.has(terms[t.slot]!)), admits, keep);
    if (kept.length < keep && rare.length < terms.length) {
      // Too few entries hold a rare word: those holding the least common term join them, in the
      // index's order, at most COMMON_SCAN_LIMIT examined.
      const common = terms.filter((t) => !read.has(t));
      const least = common.reduce((a, b) => (documentsHolding(a.postings) <= documentsHolding(b.postings) ? a : b));
      const seen = new Set(kept);
      let examined = 0;
      scan: for (const docs of least.postings.values()) {
        for (const doc of docs.keys()) {
          if (kept.length >= keep || ++examined > COMMON_SCAN_LIMIT) break scan;
          if (!seen.has(doc) && admits(doc)) {
            seen.add(doc);
            kept.push(doc);
          }
        }
      }
    }
    for (const flag of withMessage) {
      const doc = index._idToShortId.get(flag);
      if (doc !== undefined && !kept.includes(doc) && admits(doc)) kept.push(doc);
    }
    this.scratch.fitQuery(plans.length, terms.length, languages.length);
    const ranked: Ranked[] = [];
    for (const doc of kept) {
      fullScore(this.scratch, plans.length, terms.length, languages, all, doc);
      const { score, language } = this.scratch;
      if (score <= 0) continue;
      const flag = index._documentIds.get(doc)!;
      ranked.push(new RankedEntry(flag, score * (withMessage.has(flag) ? MESSAGE_FACTOR : 1), language, all, doc));
    }
    return ranked.sort(byScore);
  }

  /** The terms per field they occur in, with what scoring them needs; `languages` gets the fields' languages, in the order they come. */
  private inFields(index: IndexInternals, terms: readonly QueryTerm[], languages: string[]): FieldTerm[] {
    const fieldTerms: FieldTerm[] = [];
    if (this.fieldsOf !== index._fieldIds) {
      this.fields = Object.entries(index._fieldIds);
      this.fieldsOf = index._fieldIds;
    }
    const { fields } = this;
    terms.forEach(({ word, term, weight, postings }, slot) => {
      for (const [field, fieldId] of fields) {
        const docs = postings.get(fieldId);
        if (!docs || docs.size === 0) continue;
        const idf = Math.log(1 + (index._documentCount - docs.size + 0.5) / (docs.size + 0.5));
        const lang = languageOfField(field);
        let language = languages.indexOf(lang);
        if (language === -1) language = languages.push(lang) - 1;
        fieldTerms.push({ word, field, language, slot, term, docs, factor: weight * boostOf(field) * idf, perLength: (BM25.k * BM25.b) / index._avgFieldLength[fieldId]!, lengths: this.lengths.of(fieldId) });
      }
    });
    return fieldTerms;
  }

  /** Term at a time over the rare terms: the best `keep` entries, as short ids. */
  private firstPass(wordCount: number, rare: readonly FieldTerm[], admits: (doc: number) => boolean, keep: number): number[] {
    const { total, best, matched, touched, inWord } = this.scratch;
    let touchedCount = 0;
    let inWordCount = 0;
    // The term read, for the one function that scores its postings (not one function per term).
    let factor = 0;
    let perLength = 0;
    let lengths: Uint16Array = NO_LENGTHS;
    const scorePosting = (frequency: number, doc: number) => {
      const one = factor * (BM25.d + (frequency * K1) / (frequency + BASE + perLength * lengths[doc]!));
      if (best[doc] === 0) inWord[inWordCount++] = doc;
      if (one > best[doc]!) best[doc] = one;
    };
    for (let word = 0; word < wordCount; word++) {
      inWordCount = 0;
      for (const term of rare) {
        if (term.word !== word) continue;
        ({ factor, perLength, lengths } = term);
        term.docs.forEach(scorePosting);
      }
      for (let i = 0; i < inWordCount; i++) {
        const doc = inWord[i]!;
        if (matched[doc] === 0) touched[touchedCount++] = doc;
        total[doc] = total[doc]! + best[doc]!;
        matched[doc] = matched[doc]! + 1;
        best[doc] = 0;
      }
    }
    // The best `keep` by sum x words matched.
    const heap = this.scratch.top;
    heap.reset(keep);
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i]!;
      const score = total[doc]! * matched[doc]!;
      total[doc] = 0;
      matched[doc] = 0;
      if (heap.admitsScore(score) && admits(doc)) heap.push(score, doc);
    }
    return heap.docs();
  }

}

/**
 * One entry scored with every term of the query (before a whole message counts), and the language
 * matching the most of the query's words (then the higher score; English first on a tie), in the
 * scratch's buffers and left in its `score` and `language`: nothing is allocated per entry.
 */
function fullScore(scratch: Scratch, wordCount: number, slotCount: number, languages: readonly string[], terms: readonly FieldTerm[], doc: number): void {
  const { byWord, bySlot, languageWords, languageScore, languageCount } = scratch;
  byWord.fill(0, 0, wordCount);
  // A term's score sums over its fields; a word's is its best term's.
  bySlot.fill(0, 0, slotCount);
  languageWords.fill(0, 0, wordCount * languages.length);
  languageScore.fill(0, 0, languages.length);
  languageCount.fill(0, 0, languages.length);
  // Indexed loops here and in matches(): run for every entry kept, they allocate nothing even before they are optimised.
  for (let i = 0; i < terms.length; i++) {
    const { word, language, slot, docs, factor, perLength, lengths } = terms[i]!;
    const frequency = docs.get(doc);
    if (frequency === undefined) continue;
    const one = factor * (BM25.d + (frequency * K1) / (frequency + BASE + perLength * lengths[doc]!));
    const score = (bySlot[slot]! += one);
    const at = language * wordCount + word;
    if (languageWords[at] === 0) {
      languageWords[at] = 1;
      languageCount[language]!++;
    }
    languageScore[language]! += one;
    if (score > byWord[word]!) byWord[word] = score;
  }
  let best = languages.indexOf('en');
  for (let language = 0; language < languages.length; language++) {
    const words = languageCount[language]!;
    if (words === 0 || language === best) continue;
    const bestWords = best === -1 ? 0 : languageCount[best]!;
    if (words > bestWords || (words === bestWords && languageScore[language]! > languageScore[best]!)) best = language;
  }
  let sum = 0;
  let matched = 0;
  for (let word = 0; word < wordCount; word++) {
    sum += byWord[word]!;
    if (byWord[word]! > 0) matched++;
  }
  scratch.score = sum * matched;
  scratch.language = best === -1 ? 'en' : languages[best]!;
}

/** An entry scored in full; what it matched is worked out from the query's terms when asked. */
class RankedEntry implements Ranked {
  constructor(
    readonly flag: string,
    readonly score: number,
    readonly language: string,
    private readonly terms: readonly FieldTerm[],
    private readonly doc: number,
  ) {}

  matches(terms: string[], fields: string[]): void {
    terms.length = 0;
    fields.length = 0;
    for (let i = 0; i < this.terms.length; i++) {
      const { term, field, docs } = this.terms[i]!;
      if (!docs.has(this.doc)) continue;
      if (!terms.includes(term)) terms.push(term);
      if (!fields.includes(field)) fields.push(field);
    }
  }
}

/** The k best (score, doc) pairs seen, as a binary min-heap, emptied for each query. */
class TopK {
  private scores = new Float64Array(0);
  private ids = new Int32Array(0);
  private size = 0;
  private k = 0;

  reset(k: number): void {
    this.k = k;
    this.size = 0;
    if (this.scores.length < k) {
      this.scores = new Float64Array(k);
      this.ids = new Int32Array(k);
    }
  }

  admitsScore(score: number): boolean {
    return score > 0 && (this.size < this.k || score > this.scores[0]!);
  }

  push(score: number, doc: number): void {
    if (this.size < this.k) {
      this.scores[this.size] = score;
      this.ids[this.size] = doc;
      this.up(this.size++);
    } else {
      this.scores[0] = score;
      this.ids[0] = doc;
      this.down(0);
    }
  }

  docs(): number[] {
    const docs: number[] = [];
    for (let i = 0; i < this.size; i++) docs.push(this.ids[i]!);
    return docs;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.scores[parent]! <= this.scores[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < this.size && this.scores[left]! < this.scores[least]!) least = left;
      if (right < this.size && this.scores[right]! < this.scores[least]!) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    const score = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = score;
    const id = this.ids[a]!;
    this.ids[a] = this.ids[b]!;
    this.ids[b] = id;
  }
}

/**
 * The terms the first pass reads: those not common; of them, the ones matching another way than the
 * word or its forms only up to FIRST_PASS_POSTINGS postings, rarest first.
 */
function firstPassTerms(terms: readonly QueryTerm[], commonAt: number): QueryTerm[] {
  const rare = terms.filter((t) => documentsHolding(t.postings) <= commonAt).map((t) => ({ t, postings: postingsOf(t.postings) }));
  rare.sort((a, b) => a.postings - b.postings);
  const read: QueryTerm[] = [];
  let budget = FIRST_PASS_POSTINGS;
  for (const { t, postings } of rare) {
    if (t.weight < MATCH_WEIGHTS.form && postings > budget) continue;
    if (t.weight < MATCH_WEIGHTS.form) budget -= postings;
    read.push(t);
  }
  return read;
}

/** A term's postings over all fields. */
function postingsOf(postings: Postings): number {
  let count = 0;
  for (const docs of postings.values()) count += docs.size;
  return count;
}

/** How many entries hold a term: at least the largest field's count (the sum over fields at most). */
function documentsHolding(postings: Postings): number {
  let most = 0;
  for (const docs of postings.values()) most = Math.max(most, docs.size);
  return most;
}

// A patched index and a fresh one may differ in the last bits of a score; ties go by Flag.
const scoreKey = (score: number) => Math.round(score * 1e6);
// Answers -1, 0 or 1 (not the keys' difference, a number the sort would box for every comparison).
const byScore = (a: Ranked, b: Ranked) => {
  const first = scoreKey(a.score);
  const second = scoreKey(b.score);
  if (first !== second) return first > second ? -1 : 1;
  return a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0;
};
