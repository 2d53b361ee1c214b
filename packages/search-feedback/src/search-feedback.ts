/**
 * What the service keeps of searches, without anyone who searched: per UTC day, language and
 * normalised query, how often it was searched, how often it found nothing, how often a hit was
 * opened and which entries were (Zendesk Guide's search reports: top searches, no results, no
 * clicks). No address, install id or session is ever part of a count. And the answers staff
 * marked for a query ("This answered it"), which the search reads as more text of that entry.
 */
export interface SearchFeedbackStore {
  /** Adds counts; rows with the same day, language, query and Flag add up. Durable once it resolves. */
  add(counts: readonly SearchCount[]): Promise<void>;
  /** Per language and query, the counts of the days from `from` to `to` (inclusive, YYYY-MM-DD), most searched first. */
  report(from: string, to: string): Promise<SearchReportRow[]>;
  /** Forgets the counts of the days before `day` (the retention); answers marked by staff stay. Resolves to the rows dropped. */
  prune(day: string): Promise<number>;
  /** Records that `flag` answered `query` (normalised) in `lang`; marking it again changes nothing. */
  markAnswer(answer: StaffAnswer): Promise<void>;
  /** Takes a mark back. */
  unmarkAnswer(answer: Omit<StaffAnswer, 'at'>): Promise<void>;
  /** Every answer marked, oldest first. */
  answers(): Promise<StaffAnswer[]>;
  close(): Promise<void>;
}

/** One day's count for a query: searches and searches with no result (flag null), or opens of one entry. */
export interface SearchCount {
  day: string;
  lang: string;
  query: string;
  /** null: the query's searches; a Flag: that entry was opened from its results. */
  flag: string | null;
  searches: number;
  empty: number;
  clicks: number;
}

export interface SearchReportRow {
  lang: string;
  query: string;
  searches: number;
  empty: number;
  /** Opens of any hit. */
  clicks: number;
  /** The entries opened, most first. */
  chosen: { flag: string; clicks: number }[];
}

export interface StaffAnswer {
  query: string;
  lang: string;
  flag: string;
  /** When it was marked (ISO 8601, UTC). */
  at: string;
}

/** Rows of one report, summed from counts: the shape both backends answer. */
export function reportOf(counts: Iterable<SearchCount>): SearchReportRow[] {
  const rows = new Map<string, SearchReportRow>();
  for (const count of counts) {
    const key = `${count.lang} ${count.query}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { lang: count.lang, query: count.query, searches: 0, empty: 0, clicks: 0, chosen: [] }));
    if (count.flag === null) {
      row.searches += count.searches;
      row.empty += count.empty;
    } else {
      row.clicks += count.clicks;
      const chosen = row.chosen.find((c) => c.flag === count.flag);
      if (chosen) chosen.clicks += count.clicks;
      else row.chosen.push({ flag: count.flag, clicks: count.clicks });
    }
  }
  for (const row of rows.values()) row.chosen.sort((a, b) => b.clicks - a.clicks || (a.flag < b.flag ? -1 : 1));
  return [...rows.values()].sort((a, b) => b.searches - a.searches || b.clicks - a.clicks || (a.lang + a.query < b.lang + b.query ? -1 : 1));
}
