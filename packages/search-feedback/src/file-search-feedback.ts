import { join } from 'node:path';
import { encodeLine, openJournal, replaceFile, StorageUnavailableError, syncDirectory, type Journal } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';
import { reportOf, type SearchCount, type SearchFeedbackStore, type StaffAnswer } from './search-feedback';

export const SEARCH_FEEDBACK_FILE = 'search-feedback.jsonl';

/** A line of `search-feedback.jsonl`: a count added, an answer marked, or one taken back. */
export type SearchFeedbackLine = ({ kind: 'count' } & SearchCount) | ({ kind: 'answer' } & StaffAnswer) | { kind: 'unanswer'; query: string; lang: string; flag: string };
type Line = SearchFeedbackLine;

const countKey = (c: Pick<SearchCount, 'day' | 'lang' | 'query' | 'flag'>) => `${c.day}\t${c.lang}\t${c.query}\t${c.flag ?? ''}`;
const answerKey = (a: Pick<StaffAnswer, 'query' | 'lang' | 'flag'>) => `${a.lang}\t${a.query}\t${a.flag}`;

/**
 * The counts and answers the lines of `search-feedback.jsonl` add up to, as `apply` is given them
 * in order: counts of one day, language, query and entry summed, answers taken back removed.
 */
export function searchFeedbackFold() {
  const counts = new Map<string, SearchCount>();
  const answers = new Map<string, StaffAnswer>();
  // Fields picked one by one: a replayed record also carries its line's seq.
  const apply = (line: Line) => {
    if (line.kind === 'count') {
      const key = countKey(line);
      const kept = counts.get(key);
      if (kept) {
        kept.searches += line.searches;
        kept.empty += line.empty;
        kept.clicks += line.clicks;
      } else counts.set(key, { day: line.day, lang: line.lang, query: line.query, flag: line.flag, searches: line.searches, empty: line.empty, clicks: line.clicks });
    } else if (line.kind === 'answer') {
      if (!answers.has(answerKey(line))) answers.set(answerKey(line), { query: line.query, lang: line.lang, flag: line.flag, at: line.at });
    } else answers.delete(answerKey(line));
  };
  return { counts, answers, apply };
}

/**
 * One box: `DATA_DIR/search-feedback.jsonl`, one line per count added or answer marked, summed in
 * memory at start-up. Pruning writes the file anew with one line per count kept (and the answers),
 * so the file holds at most the retained days' distinct queries.
 */
export async function openFileSearchFeedback(dataDir: string, clock: Clock): Promise<SearchFeedbackStore> {
  const path = join(dataDir, SEARCH_FEEDBACK_FILE);
  const { counts, answers, apply } = searchFeedbackFold();
  const now = () => formatUtcInstant(clock.nowMicros());
  let journal: Journal<Line> = await openJournal<Line>(path, { now, onRecord: ({ record }) => apply(record) });
  const write = async (lines: Line[]) => {
    const refusal = journal.health().reason;
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    await journal.commit(lines);
    for (const line of lines) apply(line);
  };
  return {
    add: (added) => (added.length === 0 ? Promise.resolve() : write(added.map((count) => ({ kind: 'count', ...count })))),
    async report(from, to) {
      return reportOf([...counts.values()].filter((c) => c.day >= from && c.day <= to));
    },
    async prune(day) {
      const gone = [...counts].filter(([, c]) => c.day < day);
      if (gone.length === 0) return 0;
      const refusal = journal.health().reason;
      if (refusal !== null) throw new StorageUnavailableError(refusal);
      for (const [key] of gone) counts.delete(key);
      const lines: Line[] = [...[...counts.values()].map((c): Line => ({ kind: 'count', ...c })), ...[...answers.values()].map((a): Line => ({ kind: 'answer', ...a }))];
      await journal.close();
      await replaceFile(path, `${path}.compacting`, Buffer.concat(lines.map((line, i) => encodeLine(i + 1, line))));
      await syncDirectory(dataDir);
      journal = await openJournal<Line>(path, { now });
      return gone.length;
    },
    async markAnswer(answer) {
      if (!answers.has(answerKey(answer))) await write([{ kind: 'answer', ...answer }]);
    },
    async unmarkAnswer(answer) {
      if (answers.has(answerKey(answer))) await write([{ kind: 'unanswer', query: answer.query, lang: answer.lang, flag: answer.flag }]);
    },
    async answers() {
      return [...answers.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    },
    close: () => journal.close(),
  };
}
