import type { Clock } from '@companion/schema';
import { hmacKey, hmacSha256, type HmacKey } from '@companion/sha256';
import type { ActivityRow, AdoptionStore, BugVote, GuardDay, InstallCount, UptakeDay } from './adoption-store';
import { dayNumber, InstallCredentials } from './install-credential';

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

/** Why a check or a report was not counted. */
export type Uncounted = 'not_issued' | 'unknown_version' | 'pending_full';

/** How counting goes, for /health and /metrics. */
export interface AdoptionHealth {
  /** When the last flush wrote everything it held, ISO 8601; null before the first. */
  last_flush_at: string | null;
  /** Since when flushes fail (what they hold is kept for the next), ISO 8601; null while they succeed. */
  failing_since: string | null;
  last_error: string | null;
  /** Flushes that failed since start. */
  flush_failures: number;
  /** Checks and reports held for the next flush. */
  pending: number;
  /** Install credentials this process issued since start. */
  credentials_issued: number;
  /** Checks and reports not counted since start, by why. */
  uncounted: Record<Uncounted, number>;
}

export interface AdoptionOptions {
  store: AdoptionStore;
  clock: Clock;
  logger?: { warn(details: object, message: string): void };
  /** Days of counts kept (ADOPTION_RETENTION_DAYS, default 90); older ones are deleted. */
  retentionDays?: number;
  /** How often what was seen is written (default 30 s); and at close. */
  flushMs?: number;
  /** Whether the changelog knows a version: only those are counted (default: every version). */
  knows?(version: string): boolean;
  /** Distinct checks and reports held between two flushes, at most (default 1,000,000: about 150 MB); past it they are not counted. */
  maxPending?: number;
}

/** A network as its keyed hash is made: apart from install ids, so the two never compare equal. */
const networkText = (network: string) => `network\n${network}`;

/**
 * Counts installs active per day at the cost of one HMAC and a Set insert per update check: the
 * check hands over the install id and what it reported; only ids the service issued (see
 * InstallCredentials) on versions the changelog knows are kept. A flush (every `flushMs`, and at
 * close) hashes each id seen since the last flush with the store's secret and adds the rows; the
 * store keeps each row once. Bug reports from issued ids become votes the same way. The raw ids
 * live in memory only until the next flush, at most `maxPending` of them; the store never holds one.
 */
export class AdoptionRecorder {
  private readonly store: AdoptionStore;
  /** The store's secret, ready for the HMAC of each install id. */
  private readonly key: HmacKey;
  readonly credentials: InstallCredentials;
  private readonly clock: Clock;
  readonly retentionDays: number;
  private readonly maxPending: number;
  /** Day number -> `activityFacts` -> the install ids that reported them since the last flush. */
  private pending = new Map<number, Map<string, Set<string>>>();
  /** `day\tversion\tinstall id` -> network: bug reports since the last flush. */
  private pendingVotes = new Map<string, string>();
  private pendingCount = 0;
  /** The set in `pending` the last check went to: checks of one kind follow each other. */
  private last: { day: number; facts: string; installs: Set<string> } | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private prunedFor = '';
  private latest: InstallCount[] = [];
  private closed = false;
  private readonly state: AdoptionHealth = { last_flush_at: null, failing_since: null, last_error: null, flush_failures: 0, credentials_issued: 0, pending: 0, uncounted: { not_issued: 0, unknown_version: 0, pending_full: 0 } };

  constructor(private readonly options: AdoptionOptions) {
    this.store = options.store;
    this.key = hmacKey(options.store.secret);
    this.credentials = new InstallCredentials(options.store.credentialKey);
    this.clock = options.clock;
    this.retentionDays = options.retentionDays ?? 90;
    this.maxPending = options.maxPending ?? 1_000_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 30_000).unref();
  }

  /**
   * One update check from an install, with what it reported as `activityFacts` (callers keep
   * that string per URL, so a poll builds none): counted once per day and facts, however often
   * it asks, when the service issued its id and knows its version.
   */
  seen(install: string, facts: string, nowMs: number): void {
    if (this.closed) return;
    if (this.credentials.issuedOn(install) === null) return this.skip('not_issued');
    const day = Math.floor(nowMs / DAY_MS);
    const last = this.last;
    if (last !== undefined && last.day === day && last.facts === facts) {
      if (!last.installs.has(install) && this.hold()) last.installs.add(install);
      return;
    }
    const knows = this.options.knows;
    if (knows !== undefined && !knows(facts.slice(0, facts.indexOf('\t')))) return this.skip('unknown_version');
    let byFacts = this.pending.get(day);
    if (byFacts === undefined) this.pending.set(day, (byFacts = new Map()));
    let installs = byFacts.get(facts);
    if (installs === undefined) byFacts.set(facts, (installs = new Set()));
    if (!installs.has(install) && this.hold()) installs.add(install);
    this.last = { day, facts, installs };
  }

  /**
   * A bug report naming its install: a vote against `version` when the service issued the id on
   * an earlier UTC day and knows the version. The store counts it only if the install was seen on
   * the version that day or before, once per install and once per network (IPv4 /24, IPv6 /48).
   */
  vote(install: string, network: string, version: string, nowMs: number): void {
    if (this.closed) return;
    const issued = this.credentials.issuedOn(install);
    const day = dayNumber(nowMs);
    if (issued === null || issued >= day) return this.skip('not_issued');
    if (this.options.knows !== undefined && !this.options.knows(version)) return this.skip('unknown_version');
    const key = `${day}\t${version}\t${install}`;
    if (!this.pendingVotes.has(key) && this.hold()) this.pendingVotes.set(key, network);
  }

  /** A credential for a new install (POST /api/installs). */
  issue(nowMs: number): string {
    this.state.credentials_issued++;
    return this.credentials.issue(nowMs);
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

  health(): AdoptionHealth {
    return { ...this.state, pending: this.pendingCount, uncounted: { ...this.state.uncounted } };
  }

  counts(from: string, to: string): Promise<InstallCount[]> {
    return this.store.counts(from, to);
  }

  uptake(version: string, from: string, to: string): Promise<UptakeDay[]> {
    return this.store.uptake(version, from, to);
  }

  guardDays(versions: readonly string[], from: string, to: string): Promise<GuardDay[]> {
    return this.store.guardDays(versions, from, to);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    await this.store.close();
  }

  private skip(why: Uncounted): void {
    this.state.uncounted[why]++;
  }

  /** Whether one more check or report may be held until the next flush. */
  private hold(): boolean {
    if (this.pendingCount >= this.maxPending) {
      this.skip('pending_full');
      return false;
    }
    this.pendingCount++;
    return true;
  }

  private hashed(text: string): string {
    return hmacSha256(this.key, text).subarray(0, 16).toString('base64url');
  }

  private async flushNow(): Promise<void> {
    const [pending, pendingVotes] = [this.pending, this.pendingVotes];
    this.pending = new Map();
    this.pendingVotes = new Map();
    this.pendingCount = 0;
    this.last = undefined;
    const rows: ActivityRow[] = [];
    for (const [dayNumber, byFacts] of pending) {
      const day = dayOf(dayNumber * DAY_MS);
      for (const [facts, installs] of byFacts) {
        const [version, channel, platform, arch, offered] = facts.split('\t') as [string, string, string, string, string];
        for (const id of installs) rows.push({ day, install: this.hashed(id), version, channel, platform, arch, offered });
      }
    }
    const votes: BugVote[] = [...pendingVotes].map(([key, network]) => {
      const [dayNumber, version, id] = key.split('\t') as [string, string, string];
      return { day: dayOf(Number(dayNumber) * DAY_MS), install: this.hashed(id), network: this.hashed(networkText(network)), version };
    });
    const nowMs = this.clock.nowMicros() / 1000;
    const today = dayOf(nowMs);
    try {
      if (rows.length > 0) await this.store.add(rows);
      if (votes.length > 0) await this.store.vote(votes);
      if (this.prunedFor !== today) {
        await this.store.prune(addDays(today, 1 - this.retentionDays));
        this.prunedFor = today;
      }
      this.latest = await this.store.counts(today, today);
      Object.assign(this.state, { last_flush_at: new Date(nowMs).toISOString(), failing_since: null, last_error: null });
    } catch (error) {
      // Nothing is lost: what was not written is pending again for the next flush (rows and votes already stored are kept once).
      for (const [day, byFacts] of pending) {
        for (const [facts, installs] of byFacts) for (const install of installs) this.seen(install, facts, day * DAY_MS);
      }
      for (const [key, network] of pendingVotes) if (!this.pendingVotes.has(key) && this.hold()) this.pendingVotes.set(key, network);
      this.state.flush_failures++;
      this.state.failing_since ??= new Date(nowMs).toISOString();
      this.state.last_error = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn({ err: error }, 'install activity could not be written; kept for the next flush');
    }
  }
}
