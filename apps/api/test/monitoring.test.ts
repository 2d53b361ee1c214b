import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { call, expectError, startServer, type TestServer } from './server';

// What an operator's balancer and Prometheus read: the probes (200 yes, 503 no) and /metrics
// behind `health:read`, over real HTTP, with the shipped alert rules and dashboard checked
// against the metrics the service really exposes.

const TOKENS = 'ops=health:read,writer=errors:write,reader=feedback:read';
const DEPLOY = resolve(import.meta.dirname, '../../../deploy/monitoring');

/** The samples of a Prometheus text exposition: name, labels, value; every line checked for form. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const found = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|\+Inf|-Inf)$/.exec(line); // Prometheus reads NaN in any case (prom-client writes Nan)
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: TOKENS });
});
afterAll(() => server.close());

const scrape = async () => {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(await res.text());
};
const value = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}) =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

describe('probes', () => {
  it('live, ready and writable answer 200 on a healthy service', async () => {
    for (const [path, status] of [['/health/live', 'live'], ['/health/ready', 'ready'], ['/health/writable', 'writable']]) {
      const res = await call(`${server.url}${path}`);
      expect([path, res.status, res.body.status, res.body.reason]).toEqual([path, 200, status, null]);
    }
  });

  it('writable answers 503 with the reason while a store refuses writes; live and ready stay 200', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'probe-data-'));
    // /dev/full refuses every write with ENOSPC: a real full disk under the op log.
    await symlink('/dev/full', join(dataDir, 'catalog-ops.jsonl'));
    const full = await startServer({ dataDir, tokens: TOKENS });
    try {
      await call(`${full.url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: 'Bearer writer', 'content-type': 'application/json' }, body: JSON.stringify({ Flag: 'FULL1', Info: 'x', Solution: ['y'] }) });
      const writable = await call(`${full.url}/health/writable`);
      expect(writable.status).toBe(503);
      expect(writable.body).toMatchObject({ success: false, status: 'not writable', reason: expect.stringMatching(/^catalog: /) });
      expect((await call(`${full.url}/health/live`)).status).toBe(200);
      expect((await call(`${full.url}/health/ready`)).status).toBe(200);
    } finally {
      await full.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/metrics', () => {
  it('exposes the latency histogram as Prometheus reads one: cumulative buckets by le, +Inf equal to the count', async () => {
    for (let i = 0; i < 4; i++) expect((await call(`${server.url}/api/changelog`)).status).toBe(200);
    const all = await scrape();
    const series = { route: '/api/changelog', method: 'GET', status: '200' };
    const buckets = all.filter((s) => s.name === 'companion_http_request_duration_seconds_bucket' && s.labels.route === series.route && s.labels.method === series.method && s.labels.status === series.status);
    const bounds = buckets.map((s) => (s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le)));
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(bounds.at(-1)).toBe(Number.POSITIVE_INFINITY);
    buckets.forEach((s, i) => expect(s.value).toBeGreaterThanOrEqual(i === 0 ? 0 : buckets[i - 1]!.value));
    expect(buckets.at(-1)!.value).toBe(value(all, 'companion_http_request_duration_seconds_count', series));
    expect(value(all, 'companion_http_request_duration_seconds_count', series)).toBeGreaterThanOrEqual(4);
    expect(value(all, 'companion_http_request_duration_seconds_sum', series)).toBeGreaterThan(0);
    expect(value(all, 'companion_http_requests_total', series)).toBe(value(all, 'companion_http_request_duration_seconds_count', series));
  });

  it('needs a credential with health:read', async () => {
    expectError(await call(`${server.url}/metrics`), 401, 'UNAUTHORIZED');
    expectError(await call(`${server.url}/metrics`, { headers: { authorization: 'Bearer reader' } }), 403, 'FORBIDDEN');
  });

  it('counts requests by route and status, fast-path answers and writes by outcome, and reads the gauges at scrape time', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await call(`${server.url}/api/notice`)).status).toBe(200);
    expect((await call(`${server.url}/api/notice/99999`)).status).toBe(404);
    expect((await call(`${server.url}/no/such/route`)).status).toBe(404);
    const add = () => call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: 'Bearer writer', 'content-type': 'application/json' }, body: JSON.stringify({ Flag: 'METRIC1', Info: 'Counted.', Solution: ['Count.'] }) });
    expect((await add()).status).toBe(201);
    expect((await add()).status).toBe(409);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(delta('companion_http_requests_total', { route: '/api/notice', method: 'GET', status: '200' })).toBe(3);
    expect(delta('companion_http_requests_total', { route: '/api/notice/:id', status: '404' })).toBe(1);
    expect(delta('companion_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(delta('companion_fast_path_answers_total', { route: '/api/notice' })).toBe(3);
    expect(delta('companion_http_request_duration_seconds_count', { route: '/api/notice', method: 'GET' })).toBe(3);
    // Latency by status, as docs/API.md gives it: a 404 is not timed with the 200s.
    expect(delta('companion_http_request_duration_seconds_count', { route: '/api/notice/:id', method: 'GET', status: '404' })).toBe(1);
    expect(delta('companion_http_request_duration_seconds_count', { route: '/api/tunnel/errors', method: 'POST', status: '409' })).toBe(1);
    expect(delta('companion_writes_total', { store: 'catalog', outcome: 'committed' })).toBe(1);
    expect(delta('companion_writes_total', { store: 'catalog', outcome: 'refused' })).toBe(1);
    expect(value(after, 'companion_catalog_applied_seq')).toBe(value(before, 'companion_catalog_applied_seq') + 1);
    expect(value(after, 'companion_catalog_pending')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'companion_catalog_replication_lag_seqs')).toBe(0);
    expect(value(after, 'companion_fast_cache_entries')).toBeGreaterThan(0);
    expect(value(after, 'companion_fast_cache_bytes')).toBeGreaterThan(0);
    expect(value(after, 'companion_storage_writable')).toBe(1);
    expect(after.some((s) => s.name === 'companion_nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('the shipped alert rules and dashboard use only metrics the service exposes', async () => {
    // Every metric the service declares, with samples or not yet (a labelled gauge has none until a release is halted, say).
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
    const names = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    const rules = parse(await readFile(join(DEPLOY, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const dashboard = JSON.parse(await readFile(join(DEPLOY, 'dashboard.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const expressions = [...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)), ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))];
    expect(expressions.length).toBeGreaterThan(8);
    const used = new Set(expressions.flatMap((expr) => expr.match(/companion_[a-z0-9_]+/g) ?? []).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect([...used].filter((name) => !names.has(name))).toEqual([]);
  });
});
