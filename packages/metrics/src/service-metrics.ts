import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AdoptionRecorder } from '@companion/adoption-store';
import type { CatalogStore } from '@companion/catalog-store';
import type { ContentStore } from '@companion/content';
import type { Database } from '@companion/database';
import type { FeedbackStore } from '@companion/feedback-store';
import { routeOf } from '@companion/http-kit';
import type { Mailer } from '@companion/mailer';
import { guardStatuses, type RolloutHalts } from '@companion/release-guard';
import { registerAdoptionMetrics } from './adoption-metrics';
import { RequestSeries } from './request-series';

/** Seconds: from a fast answer (tens of microseconds) to the slowest write a bounded database allows. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which store a write goes to, by its route. */
const storeOf = (path: string) => (path.startsWith('/api/tunnel/errors') ? 'catalog' : path.startsWith('/api/feedback') ? 'feedback' : path.startsWith('/api/send_email') ? 'mail' : 'other');
/** What became of a write, by its status: committed, refused by a rule (4xx), or not saved because storage could not take it (503). */
const outcomeOf = (status: number) => (status < 300 ? 'committed' : status === 503 ? 'unavailable' : status >= 500 ? 'failed' : 'refused');

/** What the metrics read from the running service: the gauges are read when scraped, never kept up to date. */
export interface MetricSources {
  content: Pick<ContentStore, 'current' | 'status'>;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  mailer: Mailer;
  /** The database behind the stores; absent or null: the flat files. */
  database?: Pick<Database, 'health'> | null;
  adoption?: AdoptionRecorder | null;
  halts?: RolloutHalts | null;
  /** A restore of the data from an older backup, as the replicas noticed it; absent or null: not watched. */
  restore?: { unconfirmed(): boolean; witnessProblem(): string | null } | null;
  /** What the fast read cache holds. */
  fastCache?: () => { entries: number; bytes: number };
}

/**
 * The service's Prometheus metrics (prom-client): requests by route, method and status with
 * their latency, fast-path answers, writes by store and outcome, and gauges read at scrape time
 * (the fast cache, the catalogue's place in its log and its merge with the files, the database
 * pool, content problems, storage), beside Node's own (event-loop delay, heap, GC).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestSeries(DURATION_BUCKETS);
  private readonly writes: Counter<'store' | 'outcome'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'companion_' });
    this.requests.register(this.registry, {
      counts: { name: 'companion_http_requests_total', help: 'HTTP requests answered, by route (its path template; "unmatched" for none), method and status' },
      durations: { name: 'companion_http_request_duration_seconds', help: 'Time from a request to the end of its answer, by route, method and status' },
      fastAnswers: { name: 'companion_fast_path_answers_total', help: 'Requests answered by the fast path before Express (cached reads, authenticated JSON writes), by route' },
    });
    this.writes = new Counter({ name: 'companion_writes_total', help: 'Writes by store and outcome: committed (2xx), refused (4xx), unavailable (503: not saved), failed (other 5xx)', labelNames: ['store', 'outcome'], registers });
    const gauge = (name: string, help: string, read: () => number | null) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const value = read();
          if (value !== null) this.set(value);
        },
      });
    gauge('companion_fast_cache_entries', 'Answers the fast read cache holds', () => sources.fastCache?.().entries ?? null);
    gauge('companion_fast_cache_bytes', 'Bytes the fast read cache holds (as budgeted)', () => sources.fastCache?.().bytes ?? null);
    gauge('companion_restore_witness_problem', 'Whether the restore witness cannot be written, or could not be read and the restore that made no one has confirmed (1: /health restore.witness_problem says why)', () => (sources.restore ? Number(sources.restore.witnessProblem() !== null) : null));
    gauge('companion_restore_unconfirmed', 'Whether the data was restored from an older backup and no person has confirmed it yet (1: guarded staged rollouts are held)', () => (sources.restore ? Number(sources.restore.unconfirmed()) : null));
    gauge('companion_content_issues', 'Problems of the content files (the last good version of each is served meanwhile)', () => sources.content.status().issues.length);
    gauge('companion_catalog_entries', 'Catalogue entries served', () => sources.content.current().errors.size);
    gauge('companion_catalog_applied_seq', 'The last op record this replica applied', () => sources.catalog.health().applied_seq);
    gauge('companion_catalog_head_seq', "The op log's last seq as this replica last read it", () => sources.catalog.health().head_seq ?? sources.catalog.health().applied_seq);
    gauge('companion_catalog_replication_lag_seqs', 'Records in the shared log this replica has not applied yet', () => {
      const health = sources.catalog.health();
      return Math.max(0, (health.head_seq ?? health.applied_seq) - health.applied_seq);
    });
    gauge('companion_catalog_replication_lag_seconds', 'From the last applied record being made to it being applied here', () => sources.catalog.lastApplyLagMs() / 1000);
    gauge('companion_catalog_pending', 'Flags whose API changes the content files do not hold yet', () => sources.catalog.health().pending);
    gauge('companion_catalog_conflicts', 'Flags changed two ways by the repository and the API, unresolved', () => sources.catalog.health().conflicts.length);
    gauge('companion_storage_writable', '1 when every store takes writes, else 0', () => (sources.catalog.health().writable && sources.feedback.health().writable && sources.mailer.health().writable && sources.database?.health().connected !== false ? 1 : 0));
    const pool = (field: 'total' | 'idle' | 'waiting' | 'max') => () => sources.database?.health().pool?.[field] ?? null;
    gauge('companion_db_connected', '1 when the database answered the last statement, else 0', () => (sources.database ? (sources.database.health().connected ? 1 : 0) : null));
    gauge('companion_db_pool_connections', 'Connections in the pool, open', pool('total'));
    gauge('companion_db_pool_idle', 'Connections in the pool, idle', pool('idle'));
    gauge('companion_db_pool_waiting', 'Requests waiting for a connection', pool('waiting'));
    gauge('companion_db_pool_max', 'The pool size (DATABASE_POOL_MAX)', pool('max'));
    new Gauge({
      name: 'companion_active_installs',
      help: "Installs that checked for updates today (UTC), by the version they run and their platform (\"unknown\": none named); as of the last flush, every replica's together with a database",
      labelNames: ['version', 'platform'],
      registers,
      collect() {
        this.reset();
        for (const c of sources.adoption?.today() ?? []) if (c.version !== null && c.platform !== null) this.set({ version: c.version, platform: c.platform || 'unknown' }, c.installs);
      },
    });
    new Gauge({
      name: 'companion_release_halted',
      help: 'Releases whose staged rollout its guard halted and no person resumed (1), by version; every replica shows the same',
      labelNames: ['version'],
      registers,
      collect() {
        this.reset();
        for (const version of sources.halts?.halted.keys() ?? []) this.set({ version }, 1);
      },
    });
    new Gauge({
      name: 'companion_rollout_guard_unjudged',
      help: 'Guarded releases whose guard will not judge from what it has (1), by version: too few installs the service vouches for, say (the reason is in /health releases.guards)',
      labelNames: ['version'],
      registers,
      collect() {
        this.reset();
        for (const { version, status } of guardStatuses(sources.content.current(), sources.halts)) if (status === 'unjudged') this.set({ version }, 1);
      },
    });
    new Counter({
      name: 'companion_rollout_guard_failures_total',
      help: 'Rounds of judging the rollout guards that failed (each is retried at the next round)',
      registers,
      collect() {
        this.reset();
        const judgement = sources.halts?.judgement();
        if (judgement) this.inc(judgement.failures);
      },
    });
    registerAdoptionMetrics(this.registry, () => sources.adoption?.health() ?? null);
  }

  /** Records a request once its answer is sent (or the connection closed before it was). */
  observe(req: IncomingMessage, res: ServerResponse, startedMs: number): void {
    const route = routeOf(req);
    const path = route?.path ?? 'unmatched';
    const method = req.method ?? 'GET';
    const status = res.statusCode;
    this.requests.record(path, method, status, (performance.now() - startedMs) / 1000, route?.fast === true);
    if (route && WRITE_METHODS.has(method)) this.writes.inc({ store: storeOf(path), outcome: outcomeOf(status) });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
