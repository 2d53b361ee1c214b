import type { Clock } from '@companion/schema';
import { hmacKey, hmacSha256, type HmacKey } from '@companion/sha256';
import { ROW_FIELDS, type ActivityRow, type AdoptionStore, type InstallCount, type UptakeDay } from './adoption-store';

const DAY_MS = 86_400_000;
export const dayOf = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** What an update check says about the install: fields without tabs (they are validated enums and versions). */
export interface InstallFacts {
  version: string;
  channel: string;
  /** Empty when the check named no platform. */
  platform: string;
  arch: string;
  /** The newer version the check's answer offered; empty when none. */
  offered: string;
}

export const activityFacts = (facts: InstallFacts): string => `${facts.version}\t${facts.channel}\t${facts.platform}\t${facts.arch}\t${facts.offered}`;

export interface AdoptionOptions {
  store: AdoptionStore;
  clock: Clock;
  logger?: { warn(details: object, message: string): void };
  /** Days of counts kept (ADOPTION_RETENTION_DAYS, default 90); older ones are deleted. */
  retentionDays?: number;
  /** How often what was seen is written (default 30 s); and at close. */
  flushMs?: number;
}

/**
 * Counts installs active per day at the cost of a Set insert per update check: the check hands
 * over the install id and what it reported; a flush (every `flushMs`, and at close) hashes each id
 * seen since the last flush with the store's secret and adds the rows the store does not hold
 * yet. The raw ids live in memory only until the next flush; the store never holds one.
 */
export class AdoptionRecorder {
  private readonly store: AdoptionStore;
  /** The store's secret, ready for the HMAC of each install id. */
  private readonly key: HmacKey;
  private readonly clock: Clock;
  readonly retentionDays: number;
  /** Day number -> `activityFacts` -> the install ids that reported them since the last flush. */
  private pending = new Map<number, Map<string, Set<string>>>();
  /** The set in `pending` the last check went to: checks of one kind follow each other. */
  private last: { day: number; facts: string; installs: Set<string> } | undefined;
  /** Rows this process already wrote, per day (today and yesterday only), so a flush writes only what is new. */
  private readonly written = new Map<string, Set<string>>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private prunedFor = '';
  private latest: InstallCount[] = [];
  private closed = false;

  constructor(private readonly options: AdoptionOptions) {
    this.store = options.store;
    this.key = hmacKey(options.store.secret);
    this.clock = options.clock;
    this.retentionDays = options.retentionDays ?? 90;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 30_000).unref();
  }

  /**
   * One update check from an install, with what it reported as `activityFacts` (callers keep
   * that string per URL, so a poll builds none): counted once per day and facts, however often
   * it asks.
   */
  seen(install: string, facts: string, nowMs: number): void {
    if (this.closed) return;
    const day = Math.floor(nowMs / DAY_MS);
    const last = this.last;
    if (last !== undefined && last.day === day && last.facts === facts) {
      last.installs.add(install);
      return;
    }
    let byFacts = this.pending.get(day);
    if (byFacts === undefined) this.pending.set(day, (byFacts = new Map()));
    let installs = byFacts.get(facts);
    if (installs === undefined) byFacts.set(facts, (installs = new Set()));
    installs.add(install);
    this.last = { day, facts, installs };
  }

  /** Writes what was seen since the last flush, prunes days past retention, and refreshes today's counts (for the metrics). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  /** Today's counts as of the last flush. */
  today(): readonly InstallCount[] {
    return this.latest;
  }

  counts(from: string, to: string): Promise<InstallCount[]> {
    return this.store.counts(from, to);
  }

  uptake(version: string, from: string, to: string): Promise<UptakeDay[]> {
    return this.store.uptake(version, from, to);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    await this.store.close();
  }

  private async flushNow(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    this.last = undefined;
    const rows: ActivityRow[] = [];
    for (const [dayNumber, byFacts] of pending) {
      const day = dayOf(dayNumber * DAY_MS);
      let written = this.written.get(day);
      if (written === undefined) this.written.set(day, (written = new Set()));
      for (const [facts, installs] of byFacts) {
        const [version, channel, platform, arch, offered] = facts.split('\t') as [string, string, string, string, string];
        for (const id of installs) {
          const install = hmacSha256(this.key, id).subarray(0, 16).toString('base64url');
          if (written.has(`${install}\t${facts}`)) continue;
          rows.push({ day, install, version, channel, platform, arch, offered });
        }
      }
    }
    const today = dayOf(this.clock.nowMicros() / 1000);
    try {
      if (rows.length > 0) await this.store.add(rows);
      for (const r of rows) this.written.get(r.day)!.add(ROW_FIELDS.map((field) => r[field]).join('\t'));
      const yesterday = addDays(today, -1);
      for (const day of this.written.keys()) if (day < yesterday) this.written.delete(day);
      if (this.prunedFor !== today) {
        await this.store.prune(addDays(today, 1 - this.retentionDays));
        this.prunedFor = today;
      }
      this.latest = await this.store.counts(today, today);
    } catch (error) {
      // Nothing is lost: what was not written is pending again for the next flush.
      for (const [day, byFacts] of pending) {
        for (const [facts, installs] of byFacts) for (const install of installs) this.seen(install, facts, day * DAY_MS);
      }
      this.options.logger?.warn({ err: error }, 'install activity could not be written; kept for the next flush');
    }
  }
}
