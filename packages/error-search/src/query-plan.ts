import type MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import type { TermCounts } from './term-counts';

/**
 * The terms of the index, as MiniSearch 7.2.0 keeps them (a radix tree; the version is pinned).
 * Expanding prefixes and typos here rather than inside MiniSearch lets a query see how common
 * each expansion is before scoring it.
 */
interface TermTree {
  atPrefix(prefix: string): Iterable<[string, unknown]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [unknown, number]>;
}
const treeOf = (index: MiniSearch<ErrorEntry>) => (index as unknown as { _index: TermTree })._index;

/** At most this many expansions of one word; a short prefix of a long vocabulary stops here. */
const MAX_EXPANSIONS = 32;
// MiniSearch's own weights for prefix and fuzzy matches.
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** What one word of a query may match once expanded: rare terms with their weights, and common terms. */
export interface WordPlan {
  rare: Map<string, number>;
  common: string[];
}

/**
 * The word itself, and, for the last word of a query (3+ characters), the terms it is a prefix
 * of, and, for words of 5+ letters, the terms within one typo (two from 10 letters).
 */
export function expandWord(index: MiniSearch<ErrorEntry>, counts: TermCounts, commonAt: number, word: string, isLast: boolean): WordPlan {
  const tree = treeOf(index);
  const weights = new Map<string, number>([[word, 1]]);
  if (isLast && word.length >= 3) {
    for (const [term] of tree.atPrefix(word)) {
      if (weights.size > MAX_EXPANSIONS) break;
      if (term !== word) weights.set(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length)));
    }
  }
  if (word.length >= 5 && !/\d/.test(word)) {
    for (const [term, [, distance]] of tree.fuzzyGet(word, word.length >= 10 ? 2 : 1)) {
      if (weights.size > 2 * MAX_EXPANSIONS) break;
      if (!weights.has(term)) weights.set(term, (FUZZY_WEIGHT * term.length) / (term.length + distance));
    }
  }
  const plan: WordPlan = { rare: new Map(), common: [] };
  for (const [term, weight] of weights) {
    const count = counts.count(term);
    if (count > commonAt) plan.common.push(term);
    else if (count > 0) plan.rare.set(term, weight);
  }
  return plan;
}

// A patched index and a fresh one may differ in the last bits of a score; ties go by Flag.
const scoreKey = (score: number) => Math.round(score * 1e6);

/** Entries holding, for every word, one of its rare terms; best first (BM25, weighted per term). */
export function searchPlans(index: MiniSearch<ErrorEntry>, plans: readonly WordPlan[]): string[] {
  if (plans.length === 0 || plans.some((plan) => plan.rare.size === 0)) return [];
  const weight = (term: string) => Math.max(...plans.map((plan) => plan.rare.get(term) ?? 0));
  return index
    .search(
      { combineWith: 'AND', queries: plans.map((plan) => ({ combineWith: 'OR', queries: [...plan.rare.keys()] })) },
      { boost: { flag: 3, info: 2, solution: 1 }, prefix: false, fuzzy: false, boostTerm: weight },
    )
    .sort((a, b) => scoreKey(b.score) - scoreKey(a.score) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((hit) => hit.id as string);
}
