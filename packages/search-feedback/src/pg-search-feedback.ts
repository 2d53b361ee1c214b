import type { Database, Migration } from '@companion/database';
import { reportOf, type SearchCount, type SearchFeedbackStore, type StaffAnswer } from './search-feedback';

export const SEARCH_FEEDBACK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'search counts per day and query, and the answers staff marked',
    change: 'expand',
    sql: `
      -- No column for who searched: a row is a day's count for a normalised query.
      CREATE TABLE search_count_day (
        day date NOT NULL,
        lang text NOT NULL,
        query text NOT NULL,
        flag text NOT NULL DEFAULT '',
        searches bigint NOT NULL DEFAULT 0,
        empty bigint NOT NULL DEFAULT 0,
        clicks bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (day, lang, query, flag)
      );
      CREATE TABLE search_staff_answer (
        lang text NOT NULL,
        query text NOT NULL,
        flag text NOT NULL,
        marked_at timestamptz NOT NULL,
        PRIMARY KEY (lang, query, flag)
      );`,
  },
];

/** A fleet: every replica adds its counts to the same rows (an upsert that sums). */
export async function openPgSearchFeedback(database: Database): Promise<SearchFeedbackStore> {
  await database.migrate('search-feedback', SEARCH_FEEDBACK_MIGRATIONS);
  return {
    async add(counts) {
      if (counts.length === 0) return;
      const column = <K extends keyof SearchCount>(key: K) => counts.map((c) => c[key]);
      await database.statement(
        `INSERT INTO search_count_day AS c (day, lang, query, flag, searches, empty, clicks)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[])
         ON CONFLICT (day, lang, query, flag) DO UPDATE SET searches = c.searches + excluded.searches, empty = c.empty + excluded.empty, clicks = c.clicks + excluded.clicks`,
        [column('day'), column('lang'), column('query'), counts.map((c) => c.flag ?? ''), column('searches'), column('empty'), column('clicks')],
      );
    },
    async report(from, to) {
      const { rows } = await database.query<{ day: string; lang: string; query: string; flag: string; searches: string; empty: string; clicks: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, lang, query, flag, sum(searches) AS searches, sum(empty) AS empty, sum(clicks) AS clicks
         FROM search_count_day WHERE day BETWEEN $1::date AND $2::date GROUP BY day, lang, query, flag`,
        [from, to],
      );
      return reportOf(rows.map((r) => ({ day: r.day, lang: r.lang, query: r.query, flag: r.flag === '' ? null : r.flag, searches: Number(r.searches), empty: Number(r.empty), clicks: Number(r.clicks) })));
    },
    async prune(day) {
      const { rowCount } = await database.statement('DELETE FROM search_count_day WHERE day < $1::date', [day]);
      return rowCount ?? 0;
    },
    async markAnswer(answer) {
      await database.statement('INSERT INTO search_staff_answer (lang, query, flag, marked_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [answer.lang, answer.query, answer.flag, answer.at]);
    },
    async unmarkAnswer(answer) {
      await database.statement('DELETE FROM search_staff_answer WHERE lang = $1 AND query = $2 AND flag = $3', [answer.lang, answer.query, answer.flag]);
    },
    async answers() {
      const { rows } = await database.query<StaffAnswer>(
        `SELECT query, lang, flag, to_char(marked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM search_staff_answer ORDER BY marked_at, lang, query, flag`,
      );
      return rows;
    },
    close: async () => undefined,
  };
}
