import { join } from 'node:path';
import type { Tx } from '@companion/database';
import { SEARCH_FEEDBACK_FILE, searchFeedbackFold, type SearchFeedbackLine } from '@companion/search-feedback';
import { readJournal } from './read-journal';

export interface SearchFeedbackReport {
  /** Day counts per language, query and opened entry; `kept`: those the database had counted already, left as it has them. */
  counts: { read: number; imported: number; kept: number };
  /** The answers staff marked ("This answered it") and did not take back. */
  answers: { read: number; imported: number };
}

/**
 * Search counts and staff answers from `search-feedback.jsonl`, summed as the file store sums them
 * at start-up. A count row the database holds already is left as it is rather than added to, so
 * running the import again adds nothing (counts made on the database before the import stay the
 * database's for that day, query and entry).
 */
export async function importSearchFeedback(tx: Tx, dataDir: string): Promise<SearchFeedbackReport> {
  const { counts, answers, apply } = searchFeedbackFold();
  for (const line of await readJournal<SearchFeedbackLine>(join(dataDir, SEARCH_FEEDBACK_FILE))) apply(line);
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
