import type { AddressInfo } from 'node:net';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import express from 'express';
import { pino } from 'pino';
import type { RateLimitCounters } from '@companion/rate-limit-store';
import { openPgRateLimitCounters, type PgRateLimitCounters } from '@companion/rate-limit-store/postgresql';
import { limitPerClient, DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';

// The limiters over HTTP on counters shared through PostgreSQL: one limit across app instances,
// and requests let through while the database is away. The stores' own contract suite, run
// against memory and PostgreSQL, is packages/rate-limit-store's.

const skip = clusterUnavailable();
if (skip) console.log(skip);
const withCluster = skip ? describe.skip : describe;

let cluster: TempCluster | null = null;
let databases = 0;
const opened: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  if (!skip) cluster = await TempCluster.start();
}, 120_000);
afterEach(async () => {
  for (const part of opened.splice(0).reverse()) await part.close();
});
afterAll(async () => cluster?.destroy(), 60_000);

async function pgCounters(url?: string): Promise<{ counters: PgRateLimitCounters; url: string; told: string[] }> {
  const at = url ?? (await cluster!.createDatabase(`limits_${++databases}`));
  const database = await Database.open({ url: at, poolMax: 4, timeoutMs: 1000 });
  const told: string[] = [];
  const counters = await openPgRateLimitCounters(database, { nowMicros: () => Date.now() * 1000 }, {
    fault: (part, fault) => told.push(`fault ${part}: ${fault.message}`),
    recovered: (part) => told.push(`recovered ${part}`),
  });
  opened.push(database, counters);
  return { counters, url: at, told };
}

/** A bare app with the feedback limiter in front of a handler that always answers 200. */
async function limitedApp(counters: RateLimitCounters, logger = pino({ level: 'silent' })): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.post('/', limitPerClient({ rateLimits: { ...DEFAULT_RATE_LIMITS, feedback: { limit: 2, windowMs: 600_000 } }, rateLimitCounters: counters, logger }, 'feedback'), (_req, res) => void res.json({ ok: true }));
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(error.status ?? 500).json({ status: error.status }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const close = () => new Promise<void>((done) => server.close(() => done()));
  opened.unshift({ close });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close };
}

withCluster('rate limits on PostgreSQL over HTTP', () => {
  it('one limit across two app instances on one database', async () => {
    const one = await pgCounters();
    const two = await pgCounters(one.url);
    const [a, b] = [await limitedApp(one.counters), await limitedApp(two.counters)];
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await fetch(app.url, { method: 'POST' })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('database down: requests pass without a limit (fail open), logged once; limits hold again once it is back', async () => {
    const { counters, told } = await pgCounters();
    const app = await limitedApp(counters);
    for (let i = 0; i < 2; i++) expect((await fetch(app.url, { method: 'POST' })).status).toBe(200);
    expect((await fetch(app.url, { method: 'POST' })).status).toBe(429);

    await cluster!.stop('fast');
    try {
      for (let i = 0; i < 3; i++) expect((await fetch(app.url, { method: 'POST' })).status).toBe(200);
      const reason = 'the database refuses connections (is it running?); requests pass without a rate limit until it answers again';
      expect(told).toEqual([`fault rate limits: ${reason}`]);
      expect(counters.health()).toMatchObject({ writable: false, reason });
    } finally {
      await cluster!.start();
    }
    for (const deadline = Date.now() + 15_000; !counters.health().writable && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 50));
    expect(told).toEqual([expect.stringMatching(/^fault rate limits: /), 'recovered rate limits']);
    // The hits counted before the outage still count: the window did not end.
    expect((await fetch(app.url, { method: 'POST' })).status).toBe(429);
  });
});
