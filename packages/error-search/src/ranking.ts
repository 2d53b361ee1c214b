import type MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import { internalsOf, type IndexInternals, type Postings, type WordPlan } from './query-plan';
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
/** Candidates kept after the first pass, per result asked for, to be scored in full. */
const RESCORE_PER_RESULT = 3;
const RESCORE_MIN = 50;
/** A message of the entry found whole in the query multiplies its score by this. */
const MESSAGE_FACTOR = 3;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** An entry found, scored in full: its Flag and the index terms it matched. */
export interface Ranked {
  flag: string;
  score: number;
  terms: string[];
  /** The language whose fields matched the most (by score): `en`, or a translation's. */
  language: string;
  /** The fields the terms were found in (`info`, `messages.de`): where a page's marked words are. */
  fields: string[];
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
  /** The field's language. */
  language: string;
  /** The term's place among the query's (word, term) pairs. */
  slot: number;
  term: string;
  docs: Map<number, number>;
  factor: number;
  perLength: number;
  lengths: Uint16Array;
}
const K1 = BM25.k + 1;
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

  fit(size: number): void {
    if (this.total.length >= size) return;
    const length = Math.max(size, this.total.length * 2, 1024);
    this.total = new Float64Array(length);
    this.best = new Float64Array(length);
    this.matched = new Uint16Array(length);
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
 * (BM25+ per field, weighted by field and by how the term matched the word; a word counts once,
 * by its best match), an entry's score being the sum over words times the number of words it
 * matched (entries matching more of the query first, as MiniSearch's own OR does); the best
 * `max(100, 5 x limit)` are kept. Then each kept entry is scored in full, common terms included,
 * and one whose message appears whole in the query counts three times.
 */
export class Ranking {
  private readonly scratch = new Scratch();
  private readonly lengths = new FieldLengths();

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
    this.scratch.fit(index._nextId);
    const commonAt = Math.max(COMMON_MIN, index._documentCount * COMMON_SHARE);
    const terms: QueryTerm[] = [];
    plans.forEach((plan, word) => {
      for (const [term, weight] of plan.terms) terms.push({ word, term, weight, postings: index._index.get(term)! });
    });
    const rare = terms.filter((t) => documentsHolding(t.postings) <= commonAt);
    const admits = (doc: number) => wanted === null || wanted(errors.get(index._documentIds.get(doc)!));
    const keep = Math.max(RESCORE_MIN, limit * RESCORE_PER_RESULT);
    const kept = this.firstPass(plans.length, this.inFields(index, rare), admits, keep);
    if (kept.length < keep && rare.length < terms.length) {
      // Too few entries hold a rare word: those holding the least common term join them, in the
      // index's order, at most COMMON_SCAN_LIMIT examined.
      const common = terms.filter((t) => !rare.includes(t));
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
    const all = this.inFields(index, terms);
    const ranked = kept.map((doc) => fullScore(index, plans.length, terms.length, all, doc, withMessage));
    return ranked.filter((r) => r.score > 0).sort(byScore);
  }

  /** The terms per field they occur in, with what scoring them needs. */
  private inFields(index: IndexInternals, terms: readonly QueryTerm[]): FieldTerm[] {
    const fieldTerms: FieldTerm[] = [];
    terms.forEach(({ word, term, weight, postings }, slot) => {
      for (const [field, fieldId] of Object.entries(index._fieldIds)) {
        const docs = postings.get(fieldId);
        if (!docs || docs.size === 0) continue;
        const idf = Math.log(1 + (index._documentCount - docs.size + 0.5) / (docs.size + 0.5));
        fieldTerms.push({ word, field, language: languageOfField(field), slot, term, docs, factor: weight * boostOf(field) * idf, perLength: (BM25.k * BM25.b) / index._avgFieldLength[fieldId]!, lengths: this.lengths.of(fieldId) });
      }
    });
    return fieldTerms;
  }

  /** Term at a time over the rare terms: the best `keep` entries, as short ids. */
  private firstPass(wordCount: number, rare: readonly FieldTerm[], admits: (doc: number) => boolean, keep: number): number[] {
    const { total, best, matched } = this.scratch;
    const touched: number[] = [];
    for (let word = 0; word < wordCount; word++) {
      const inWord: number[] = [];
      for (const { word: of, docs, factor, perLength, lengths } of rare) {
        if (of !== word) continue;
        docs.forEach((frequency, doc) => {
          const score = factor * (BM25.d + (frequency * K1) / (frequency + BASE + perLength * lengths[doc]!));
          if (best[doc] === 0) inWord.push(doc);
          if (score > best[doc]!) best[doc] = score;
        });
      }
      for (const doc of inWord) {
        if (matched[doc] === 0) touched.push(doc);
        total[doc] = total[doc]! + best[doc]!;
        matched[doc] = matched[doc]! + 1;
        best[doc] = 0;
      }
    }
    // The best `keep` by sum x words matched.
    const heap = new TopK(keep);
    for (const doc of touched) {
      const score = total[doc]! * matched[doc]!;
      total[doc] = 0;
      matched[doc] = 0;
      if (heap.admitsScore(score) && admits(doc)) heap.push(score, doc);
    }
    return heap.docs();
  }

}

/** One entry scored with every term of the query, with the terms it matched. */
function fullScore(index: IndexInternals, wordCount: number, slotCount: number, terms: readonly FieldTerm[], doc: number, withMessage: ReadonlySet<string>): Ranked {
  const byWord = new Float64Array(wordCount);
  // A term's score sums over its fields; a word's is its best term's.
  const bySlot = new Float64Array(slotCount);
  const found = new Set<string>();
  const fields = new Set<string>();
  // Per language, the query's words its fields matched and their score: the language matching the most words wins, then the higher score.
  const byLanguage = new Map<string, { words: Set<number>; score: number }>();
  for (const { word, field, language, slot, term, docs, factor, perLength, lengths } of terms) {
    const frequency = docs.get(doc);
    if (frequency === undefined) continue;
    const one = factor * (BM25.d + (frequency * K1) / (frequency + BASE + perLength * lengths[doc]!));
    const score = (bySlot[slot]! += one);
    let matchedIn = byLanguage.get(language);
    if (!matchedIn) byLanguage.set(language, (matchedIn = { words: new Set(), score: 0 }));
    matchedIn.words.add(word);
    matchedIn.score += one;
    found.add(term);
    fields.add(field);
    if (score > byWord[word]!) byWord[word] = score;
  }
  let language = 'en';
  let best = byLanguage.get('en') ?? { words: new Set<number>(), score: 0 };
  for (const [lang, matchedIn] of byLanguage) {
    if (matchedIn.words.size > best.words.size || (matchedIn.words.size === best.words.size && matchedIn.score > best.score)) [language, best] = [lang, matchedIn];
  }
  let sum = 0;
  let matched = 0;
  for (const score of byWord) {
    sum += score;
    if (score > 0) matched++;
  }
  const flag = index._documentIds.get(doc)!;
  return { flag, score: sum * matched * (withMessage.has(flag) ? MESSAGE_FACTOR : 1), terms: [...found], language, fields: [...fields] };
}

/** The k best (score, doc) pairs seen, as a binary min-heap. */
class TopK {
  private readonly scores: number[] = [];
  private readonly ids: number[] = [];

  constructor(private readonly k: number) {}

  admitsScore(score: number): boolean {
    return score > 0 && (this.scores.length < this.k || score > this.scores[0]!);
  }

  push(score: number, doc: number): void {
    if (this.scores.length < this.k) {
      this.scores.push(score);
      this.ids.push(doc);
      this.up(this.scores.length - 1);
    } else {
      this.scores[0] = score;
      this.ids[0] = doc;
      this.down(0);
    }
  }

  docs(): number[] {
    return [...this.ids];
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
      if (left < this.scores.length && this.scores[left]! < this.scores[least]!) least = left;
      if (right < this.scores.length && this.scores[right]! < this.scores[least]!) least = right;
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

/** How many entries hold a term: at least the largest field's count (the sum over fields at most). */
function documentsHolding(postings: Postings): number {
  let most = 0;
  for (const docs of postings.values()) most = Math.max(most, docs.size);
  return most;
}

// A patched index and a fresh one may differ in the last bits of a score; ties go by Flag.
const scoreKey = (score: number) => Math.round(score * 1e6);
const byScore = (a: Ranked, b: Ranked) => scoreKey(b.score) - scoreKey(a.score) || (a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0);
