import type { Database } from '@companion/database';
import type { ErrorSearch } from '@companion/error-search';
import type { Clock } from '@companion/schema';
import { firstDayOf, openFileSearchFeedback, SEARCH_COUNT_DAYS, SearchRecorder, type SearchFeedbackStore, type StaffAnswer } from '@companion/search-feedback';
import type { Logger } from 'pino';

/** How often counted searches are added to the store, and how often old days are pruned. */
const FLUSH_MS = 10_000;
const PRUNE_MS = 3_600_000;
/** How often a replica reads the answers staff marked on another (a fleet's database). */
const ANSWERS_MS = 60_000;

export interface SearchFeedback {
  store: SearchFeedbackStore;
  recorder: SearchRecorder;
  close(): Promise<void>;
}

/**
 * Search counts and staff answers: DATA_DIR's file on one box, the database's tables on a fleet.
 * Counts are flushed every 10 seconds and on close; days older than SEARCH_COUNT_DAYS are pruned
 * at start and every hour. A failed flush loses those seconds' counts and says so in the log. The
 * answers staff mark go to the search index at once on this replica, and within a minute on others.
 */
export async function openSearchFeedback({ dataDir, database, clock, logger, errorSearch }: { dataDir: string; database: Database | null; clock: Clock; logger?: Pick<Logger, 'warn'> | undefined; errorSearch: ErrorSearch }): Promise<SearchFeedback> {
  const opened = database ? await (await import('@companion/search-feedback/postgresql')).openPgSearchFeedback(database) : await openFileSearchFeedback(dataDir, clock);
  let answers: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map();
  const readAnswers = async () => {
    answers = answersByFlag(await opened.answers(), answers);
    errorSearch.setStaffAnswers(answers);
  };
  const store: SearchFeedbackStore = {
    ...opened,
    markAnswer: (answer) => opened.markAnswer(answer).then(readAnswers),
    unmarkAnswer: (answer) => opened.unmarkAnswer(answer).then(readAnswers),
  };
  await readAnswers();
  const recorder = new SearchRecorder(store, clock);
  const flush = () => recorder.flush().catch((error: Error) => logger?.warn({ err: error.message }, 'search counts were not stored'));
  const prune = () => {
    const oldest = firstDayOf(clock.nowMicros(), SEARCH_COUNT_DAYS);
    return store.prune(oldest).catch((error: Error) => logger?.warn({ err: error.message }, 'old search counts were not pruned'));
  };
  await prune();
  const flushing = setInterval(flush, FLUSH_MS).unref();
  const pruning = setInterval(prune, PRUNE_MS).unref();
  const reading = database ? setInterval(() => readAnswers().catch((error: Error) => logger?.warn({ err: error.message }, 'the answers staff marked were not read')), ANSWERS_MS).unref() : undefined;
  return {
    store,
    recorder,
    async close() {
      clearInterval(flushing);
      clearInterval(pruning);
      clearInterval(reading);
      await flush();
      await store.close();
    },
  };
}

/**
 * The answers as the search index takes them: per Flag, per language, the queries. A Flag whose
 * answers did not change keeps its map from `previous`, so the index patches only the others.
 */
function answersByFlag(answers: readonly StaffAnswer[], previous: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>): Map<string, ReadonlyMap<string, readonly string[]>> {
  const byFlag = new Map<string, Map<string, string[]>>();
  for (const { flag, lang, query } of answers) {
    let byLanguage = byFlag.get(flag);
    if (!byLanguage) byFlag.set(flag, (byLanguage = new Map()));
    byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), query]);
  }
  const same = (a: ReadonlyMap<string, readonly string[]>, b: ReadonlyMap<string, readonly string[]>) => a.size === b.size && [...a].every(([lang, queries]) => b.get(lang)?.join('\n') === queries.join('\n'));
  return new Map([...byFlag].map(([flag, byLanguage]) => {
    const before = previous.get(flag);
    return [flag, before && same(before, byLanguage) ? before : byLanguage];
  }));
}
