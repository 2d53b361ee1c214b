import type MiniSearch from 'minisearch';
import type { ErrorEntry, Severity } from '@companion/schema';
import { wordsWithTerms } from './analyze';
import { codesIn, FlagIndex } from './flag-index';
import { planQuery } from './query-plan';
import { MessageIndex } from './message-index';
import { Ranking } from './ranking';
import { createTextIndex, fieldText, SEARCH_FIELDS } from './text-index';

/** What the index is built from: a content snapshot's catalogue and where it came from. */
export interface SearchSource {
  readonly generation: number;
  readonly errorChanges: { readonly since: number; readonly flags: readonly string[] } | null;
  /** Ordered by Flag. */
  readonly errors: ReadonlyMap<string, ErrorEntry>;
}

export interface SearchQuery {
  /** Trimmed by the caller. Empty: every entry, in Flag order. */
  q: string;
  category?: string | undefined;
  severity?: Severity | undefined;
  limit: number;
}

/** An entry found, with the words of its text that matched the query (lower case, as they appear), for a page to mark. */
export interface SearchHit {
  entry: ErrorEntry;
  matched: string[];
}

export interface SearchStats {
  generation: number;
  entries: number;
  terms: number;
  /** How the index last caught up: built whole, or patched with this many Flags. */
  lastSync: { kind: 'build' | 'patch'; flags: number };
}

/** A patch larger than this share of the catalogue costs more than building the index anew. */
const PATCH_LIMIT = 0.25;

/**
 * Search over the error catalogue, for what support staff paste: codes (exact, spelt otherwise
 * or mistyped, alone or inside text) first, then entries by relevance (BM25 over Flag, messages,
 * Info and Solution, each word of the query matched by its forms, synonyms, typos and, for the
 * last, prefixes; entries matching more of the words first). The index follows the snapshots: it
 * patches the entries a snapshot says changed, or that changed identity since the one it was
 * built from, and builds anew only when that is cheaper. It holds no per-query state.
 */
export class ErrorSearch {
  private text: MiniSearch<ErrorEntry> = createTextIndex();
  private readonly ranking = new Ranking();
  private readonly messages = new MessageIndex();
  private readonly flags = new FlagIndex();
  private generation = -1;
  private indexed: ReadonlyMap<string, ErrorEntry> = new Map();
  private lastSync: SearchStats['lastSync'] = { kind: 'build', flags: 0 };

  search(source: SearchSource, query: SearchQuery): SearchHit[] {
    this.sync(source);
    const { errors } = source;
    const wanted = (entry: ErrorEntry | undefined): entry is ErrorEntry =>
      entry !== undefined && (!query.category || entry.category === query.category) && (!query.severity || entry.severity === query.severity);
    const hits: SearchHit[] = [];
    const taken = new Set<string>();
    const take = (flag: string, matched: () => string[]) => {
      const entry = errors.get(flag);
      if (hits.length < query.limit && !taken.has(flag) && wanted(entry)) {
        hits.push({ entry, matched: matched() });
        taken.add(flag);
      }
      return hits.length < query.limit;
    };
    if (query.q === '') {
      for (const flag of errors.keys()) if (!take(flag, () => [])) break;
      return hits;
    }
    // A code: the Flag itself, then Flags it starts (`TLS`, `port10`), then codes inside the text.
    const whole = query.q.toUpperCase();
    const flagOnly = (flag: string) => () => [flag.toLowerCase()];
    if (this.flags.has(whole) && !take(whole, flagOnly(whole))) return hits;
    if (/^[A-Z]+[0-9]*$/.test(whole)) for (const flag of this.flags.withPrefix(whole)) if (!take(flag, flagOnly(flag))) return hits;
    const codes = codesIn(query.q);
    for (const code of codes) if (this.flags.has(code) && !take(code, flagOnly(code))) return hits;
    for (const code of codes) {
      for (const flag of this.flags.near(code)) if (!take(flag, flagOnly(flag))) return hits;
    }
    const { plans, sequence } = planQuery(this.text, query.q);
    const filtered = query.category || query.severity ? wanted : null;
    for (const { flag, terms } of this.ranking.rank(this.text, plans, this.messages.foundIn(sequence, errors), errors, filtered, query.limit)) {
      if (!take(flag, () => matchedWords(errors.get(flag)!, new Set(terms)))) break;
    }
    return hits;
  }

  stats(): SearchStats {
    return { generation: this.generation, entries: this.text.documentCount, terms: this.text.termCount, lastSync: this.lastSync };
  }

  /**
   * Brings the index up to `source`; search() does so itself. Building it for 10,000+ entries
   * takes seconds, so the service calls this once before it listens rather than on the first search.
   */
  sync(source: SearchSource): void {
    if (source.generation === this.generation) return;
    const changes = source.errorChanges?.since === this.generation ? source.errorChanges.flags : this.changedSinceIndexed(source.errors);
    if (changes && changes.length <= Math.max(source.errors.size, this.indexed.size) * PATCH_LIMIT) this.patch(source.errors, changes);
    else this.build(source.errors);
    this.generation = source.generation;
    this.indexed = source.errors;
  }

  /**
   * Entries are immutable and a patched snapshot keeps the object of every unchanged entry, so
   * an identity comparison finds what changed without reading any text; null when most did.
   */
  private changedSinceIndexed(errors: ReadonlyMap<string, ErrorEntry>): string[] | null {
    const limit = Math.max(errors.size, this.indexed.size) * PATCH_LIMIT;
    const changed: string[] = [];
    for (const [flag, entry] of errors) {
      if (this.indexed.get(flag) !== entry && changed.push(flag) > limit) return null;
    }
    for (const flag of this.indexed.keys()) {
      if (!errors.has(flag) && changed.push(flag) > limit) return null;
    }
    return changed;
  }

  private patch(errors: ReadonlyMap<string, ErrorEntry>, flags: readonly string[]): void {
    for (const flag of flags) {
      // remove() with the indexed entry, not discard(): a search right after discard() scored
      // the surviving entries wrongly (negative scores) in MiniSearch 7.2.0.
      const indexed = this.indexed.get(flag);
      if (indexed) {
        this.text.remove(indexed);
        this.messages.remove(indexed);
      }
      const entry = errors.get(flag);
      if (entry) {
        this.text.add(entry);
        this.ranking.added(this.text, flag);
        this.messages.add(entry);
        this.flags.add(flag);
      } else {
        this.flags.remove(flag);
      }
    }
    this.lastSync = { kind: 'patch', flags: flags.length };
  }

  private build(errors: ReadonlyMap<string, ErrorEntry>): void {
    this.text = createTextIndex();
    this.text.addAll([...errors.values()]);
    this.ranking.built(this.text);
    this.messages.clear();
    for (const entry of errors.values()) this.messages.add(entry);
    this.flags.reset(errors.keys());
    this.lastSync = { kind: 'build', flags: errors.size };
  }
}

/** The words of the entry's text whose term matched, once each, in the order the fields and their words come. */
function matchedWords(entry: ErrorEntry, terms: ReadonlySet<string>): string[] {
  return [...new Set(SEARCH_FIELDS.flatMap((field) => wordsWithTerms(fieldText(entry, field), terms)))];
}
