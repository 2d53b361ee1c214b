import type { Clock } from '@companion/schema';
import { normaliseQuery } from './normalise';
import type { SearchCount, SearchFeedbackStore } from './search-feedback';

/** The distinct queries one replica counts a day; the rest are counted together as OTHER_QUERIES. */
export const MAX_QUERIES_PER_DAY = 10_000;
/** Where the queries past the day's bound are counted. */
export const OTHER_QUERIES = '(other queries)';
/** How many days of counts are kept (the retention the service prunes to). */
export const SEARCH_COUNT_DAYS = 90;

/** The UTC day (`2026-12-02`) of an instant in microseconds: what counts are kept by. */
export const dayOf = (micros: number): string => new Date(micros / 1000).toISOString().slice(0, 10);
/** The first day of the `days` days ending with the one of `micros`. */
export const firstDayOf = (micros: number, days: number): string => dayOf(micros - (days - 1) * 86_400_000_000);

/**
 * Counts searches and opened hits in memory and adds them to the store on `flush()` (the service
 * flushes every few seconds and on shutdown), so a search costs no write. Nothing about the
 * person searching is taken; what a request can grow is bounded: MAX_QUERIES_PER_DAY distinct
 * queries a day, each normalised to at most 100 characters, and as many distinct opens (a query
 * and a Flag the caller checked exists), the rest under OTHER_QUERIES.
 */
export class SearchRecorder {
  private pending = new Map<string, SearchCount>();
  private day = '';
  private readonly today = new Set<string>();
  /** The query and Flag pairs opened today: an open names its query itself (`from=`), so it is bounded on its own. */
  private readonly openedToday = new Set<string>();

  constructor(private readonly store: SearchFeedbackStore, private readonly clock: Clock) {}

  /** A search for `q` in `lang` that found `results` entries. */
  searched(q: string, lang: string, results: number): void {
    const count = this.countOf(q, lang, null);
    if (!count) return;
    count.searches++;
    if (results === 0) count.empty++;
  }

  /** The entry `flag` opened from the results of `q`. */
  opened(q: string, lang: string, flag: string): void {
    const count = this.countOf(q, lang, flag);
    if (count) count.clicks++;
  }

  /** Adds what was counted to the store; on failure it is dropped (counts are no record anyone relies on) and the error thrown. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const counts = [...this.pending.values()];
    this.pending = new Map();
    await this.store.add(counts);
  }

  private countOf(q: string, lang: string, flag: string | null): SearchCount | null {
    const normalised = normaliseQuery(q);
    if (normalised === '') return null;
    const day = dayOf(this.clock.nowMicros());
    if (day !== this.day) {
      this.day = day;
      this.today.clear();
      this.openedToday.clear();
    }
    const query = flag === null ? within(this.today, normalised, normalised) : within(this.openedToday, `${normalised}\t${flag}`, normalised);
    const key = `${day}\t${lang}\t${query}\t${flag ?? ''}`;
    let count = this.pending.get(key);
    if (!count) this.pending.set(key, (count = { day, lang, query, flag, searches: 0, empty: 0, clicks: 0 }));
    return count;
  }
}

/** `query` while `seen` holds `key` or has room for it (MAX_QUERIES_PER_DAY), OTHER_QUERIES past that. */
function within(seen: Set<string>, key: string, query: string): string {
  if (!seen.has(key) && seen.size < MAX_QUERIES_PER_DAY) seen.add(key);
  return seen.has(key) ? query : OTHER_QUERIES;
}
