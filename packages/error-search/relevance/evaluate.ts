import { JUDGED_QUERIES, type JudgedQuery, type QueryKind, type QueryLanguage } from './judged-queries';
import { SECOND_JUDGE_QUERIES } from './second-judge';

/** Both judges' queries. */
export const ALL_JUDGED_QUERIES: readonly JudgedQuery[] = [...JUDGED_QUERIES, ...SECOND_JUDGE_QUERIES];

/** Relevance as IR measures it, over the judged queries: recall at 1 and 3, and mean reciprocal rank (first 10). */
export interface RelevanceFigures {
  queries: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  byKind: Record<QueryKind, { queries: number; recallAt1: number; recallAt3: number }>;
  /** Per language the queries are written in. */
  byLanguage: Record<QueryLanguage, { queries: number; recallAt1: number; recallAt3: number }>;
  /** Per kind and language, keyed `<kind> <lang>` (`situation de`). */
  byKindAndLanguage: Record<string, { queries: number; recallAt1: number; recallAt3: number }>;
  /** The queries whose accepted answer is not in the first three, with what came instead. */
  misses: { q: string; accept: readonly string[]; got: string[] }[];
}

/** Runs the judged queries (both judges', unless told) through `search` (Flags, best first) and scores the answers. */
export async function evaluate(search: (q: string) => Promise<readonly string[]> | readonly string[], queries: readonly JudgedQuery[] = ALL_JUDGED_QUERIES): Promise<RelevanceFigures> {
  let at1 = 0;
  let at3 = 0;
  let reciprocal = 0;
  const byKind = {} as RelevanceFigures['byKind'];
  const byLanguage = {} as RelevanceFigures['byLanguage'];
  const byKindAndLanguage: RelevanceFigures['byKindAndLanguage'] = {};
  const misses: RelevanceFigures['misses'] = [];
  for (const query of queries) {
    const got = (await search(query.q)).slice(0, 10);
    const rank = got.findIndex((flag) => query.accept.includes(flag)) + 1;
    const groups = [
      (byKind[query.kind] ??= { queries: 0, recallAt1: 0, recallAt3: 0 }),
      (byLanguage[query.lang ?? 'en'] ??= { queries: 0, recallAt1: 0, recallAt3: 0 }),
      (byKindAndLanguage[`${query.kind} ${query.lang ?? 'en'}`] ??= { queries: 0, recallAt1: 0, recallAt3: 0 }),
    ];
    for (const group of groups) group.queries++;
    if (rank === 1) {
      at1++;
      for (const group of groups) group.recallAt1++;
    }
    if (rank >= 1 && rank <= 3) {
      at3++;
      for (const group of groups) group.recallAt3++;
    } else {
      misses.push({ q: query.q, accept: query.accept, got: got.slice(0, 3) });
    }
    if (rank >= 1) reciprocal += 1 / rank;
  }
  for (const group of [...Object.values(byKind), ...Object.values(byLanguage), ...Object.values(byKindAndLanguage)]) {
    group.recallAt1 /= group.queries;
    group.recallAt3 /= group.queries;
  }
  const n = queries.length;
  return { queries: n, recallAt1: at1 / n, recallAt3: at3 / n, mrr: reciprocal / n, byKind, byLanguage, byKindAndLanguage, misses };
}
export { JUDGED_QUERIES, type JudgedQuery, type QueryKind, type QueryLanguage } from './judged-queries';
export { SECOND_JUDGE_QUERIES } from './second-judge';
export { DEV_SITUATION_QUERIES } from './dev-situations';
export { HELD_OUT_QUERIES } from './held-out';
export { SECOND_HELD_OUT_QUERIES } from './held-out-second';
