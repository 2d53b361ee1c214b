import { join } from 'node:path';
import type { Tx } from '@companion/database';
import { SEARCH_FEEDBACK_FILE, type SearchCount, type StaffAnswer } from '@companion/search-feedback';
import { readJournal } from './read-journal';

export interface SearchFeedbackReport {
  /** Day counts per language, query and opened entry; `kept`: those the database had counted already, left as it has them. */
  counts: { read: number; imported: number; kept: number };
  /** The answers staff marked ("This answered it") and did not take back. */
  answers: { read: number; imported: number };
}

type Line = ({ kind: 'count' } & SearchCount) | ({ kind: 'answer' } & StaffAnswer) | { kind: 'unanswer'; query: string; lang: string; flag: string };

/**
 * Search counts and staff answers from `search-feedback.jsonl`, summed as the file store sums them
 * at start-up. A count row the database holds already is left as it is rather than added to, so
 * running the import again adds nothing (counts made on the database before the import stay the
 * database's for that day, query and entry).
 */
export async function importSearchFeedback(tx: Tx, dataDir: string): Promise<SearchFeedbackReport> {
  const counts = new Map<string, SearchCount>();
  const answers = new Map<string, StaffAnswer>();
  for (const line of await readJournal<Line>(join(dataDir, SEARCH_FEEDBACK_FILE))) {
    const answerKey = `${line.lang}\t${line.query}\t${line.flag ?? ''}`;
    if (line.kind === 'count') {
      const key = `${line.day}\t${answerKey}`;
      const kept = counts.get(key);
      if (kept) {
        kept.searches += line.searches;
        kept.empty += line.empty;
        kept.clicks += line.clicks;
      } else counts.set(key, { day: line.day, lang: line.lang, query: line.query, flag: line.flag, searches: line.searches, empty: line.empty, clicks: line.clicks });
    } else if (line.kind === 'answer') {
      if (!answers.has(answerKey)) answers.set(answerKey, { query: line.query, lang: line.lang, flag: line.flag, at: line.at });
    } else answers.delete(answerKey);
  }
  const rows = [...counts.values()];
  const { rowCount: countsAdded } = await tx.query(
    `INSERT INTO search_count_day (day, lang, query, flag, searches, empty, clicks)
     SELECT day, lang, query, coalesce(flag, ''), searches, empty, clicks
     FROM json_to_recordset($1) AS r(day date, lang text, query text, flag text, searches bigint, empty bigint, clicks bigint)
     ON CONFLICT (day, lang, query, flag) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  const marked = [...answers.values()];
  const { rowCount: answersAdded } = await tx.query(
    `INSERT INTO search_staff_answer (lang, query, flag, marked_at)
     SELECT lang, query, flag, at FROM json_to_recordset($1) AS r(lang text, query text, flag text, at timestamptz)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(marked)],
  );
  const imported = countsAdded ?? 0;
  return { counts: { read: rows.length, imported, kept: rows.length - imported }, answers: { read: marked.length, imported: answersAdded ?? 0 } };
}
