import type MiniSearch from 'minisearch';
import type { ErrorEntry, Severity } from '@companion/schema';
import { SortedFlags } from './sorted-flags';
import { expandWord, searchPlans, type WordPlan } from './query-plan';
import { holdsEvery, TermCounts } from './term-counts';
import { createTextIndex, processTerm, queryWords } from './text-index';

/** What the index is built from: a content snapshot's catalogue and where it came from. */
export interface SearchSource {
  readonly generation: number;
  readonly errorChanges: { readonly since: number; readonly flags: readonly string[] } | null;
  /** Ordered by Flag. */
  readonly errors: ReadonlyMap<string, ErrorEntry>;
}

export interface SearchQuery {
  /** Lower- or upper-case; trimmed by the caller. Empty: every entry, in Flag order. */
  q: string;
  category?: string | undefined;
  severity?: Severity | undefined;
  limit: number;
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
 * A word held by more entries than this share (and at least COMMON_MIN) is common: scoring every
 * entry that holds it would cost the index microseconds per entry, so common words only filter.
 */
const COMMON_SHARE = 0.02;
const COMMON_MIN = 500;
/** A query of common words alone examines at most this many entries, in Flag order. */
export const COMMON_SCAN_LIMIT = 20_000;

/**
 * Search over the error catalogue: exact Flag first, then Flags that start with the query, then
 * entries whose text matches (prefix and typo tolerant), best first. The index follows the
 * snapshots: it patches the entries a snapshot says changed, or that changed identity since the
 * one it was built from, and builds anew only when that is cheaper. It holds no per-query state.
 */
export class ErrorSearch {
  private text: MiniSearch<ErrorEntry> = createTextIndex();
  private terms = new TermCounts();
  private readonly flags = new SortedFlags();
  private generation = -1;
  private indexed: ReadonlyMap<string, ErrorEntry> = new Map();
  private lastSync: SearchStats['lastSync'] = { kind: 'build', flags: 0 };

  search(source: SearchSource, query: SearchQuery): ErrorEntry[] {
    this.sync(source);
    const { errors } = source;
    const wanted = (entry: ErrorEntry | undefined): entry is ErrorEntry =>
      entry !== undefined && (!query.category || entry.category === query.category) && (!query.severity || entry.severity === query.severity);
    const hits: ErrorEntry[] = [];
    const taken = new Set<string>();
    const take = (flag: string) => {
      const entry = errors.get(flag);
      if (hits.length < query.limit && !taken.has(flag) && wanted(entry)) {
        hits.push(entry);
        taken.add(flag);
      }
      return hits.length < query.limit;
    };
    if (query.q === '') {
      for (const flag of errors.keys()) if (!take(flag)) break;
      return hits;
    }
    const upper = query.q.toUpperCase();
    if (!take(upper)) return hits;
    for (const flag of this.flags.withPrefix(upper)) if (!take(flag)) return hits;
    const words = [...new Set(queryWords(query.q).map(processTerm).filter((word): word is string => !!word))];
    const commonAt = Math.max(COMMON_MIN, errors.size * COMMON_SHARE);
    // The very words first; only if they leave room, their prefixes and typos.
    const exact = words.map((word): WordPlan => {
      const count = this.terms.count(word);
      return count > commonAt ? { rare: new Map(), common: [word] } : { rare: new Map(count > 0 ? [[word, 1]] : []), common: [] };
    });
    if (!this.takeMatches(exact, errors, take)) return hits;
    const expanded = words.map((word, i) => expandWord(this.text, this.terms, commonAt, word, i === words.length - 1));
    this.takeMatches(expanded, errors, take);
    return hits;
  }

  /**
   * Takes the entries that match every word's plan; false once the limit is reached. Rare terms
   * go through the index, ranked; common terms only filter, and entries that match a word by a
   * common term alone are found by a bounded walk in Flag order, after the ranked ones.
   */
  private takeMatches(plans: WordPlan[], errors: SearchSource['errors'], take: (flag: string) => boolean): boolean {
    if (plans.length === 0 || plans.some((plan) => plan.rare.size === 0 && plan.common.length === 0)) return true;
    const ranked = plans.filter((plan) => plan.rare.size > 0);
    if (ranked.length > 0) {
      const unranked = plans.filter((plan) => plan.rare.size === 0);
      const holdsUnranked = holdsEvery(unranked.map((plan) => plan.common));
      for (const flag of searchPlans(this.text, ranked)) {
        if (unranked.length > 0 && !holdsUnranked(errors.get(flag)!)) continue;
        if (!take(flag)) return false;
      }
    }
    if (ranked.length > 0 && ranked.every((plan) => plan.common.length === 0)) return true;
    const holdsAll = holdsEvery(plans.map((plan) => [...plan.rare.keys(), ...plan.common]));
    // Entries a word matches only by a common term: among those a purely rare word narrows to,
    // or, when every word may be common, by a walk of at most COMMON_SCAN_LIMIT entries.
    const narrowing = ranked.filter((plan) => plan.common.length === 0);
    const candidates = narrowing.length > 0 ? searchPlans(this.text, narrowing) : errors.keys();
    let examined = 0;
    for (const flag of candidates) {
      if (++examined > COMMON_SCAN_LIMIT) break;
      if (holdsAll(errors.get(flag)!) && !take(flag)) return false;
    }
    return true;
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
        this.terms.remove(indexed);
      }
      const entry = errors.get(flag);
      if (entry) {
        this.text.add(entry);
        this.terms.add(entry);
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
    this.terms = new TermCounts();
    for (const entry of errors.values()) this.terms.add(entry);
    this.flags.reset(errors.keys());
    this.lastSync = { kind: 'build', flags: errors.size };
  }
}
