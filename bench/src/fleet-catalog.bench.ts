import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCatalogStore, type CatalogStore } from '@companion/catalog-store';
import { Database } from '@companion/database';
import { TempCluster } from '@companion/database/testing';
import { systemClock, type ErrorEntry } from '@companion/schema';
import pg from 'pg';
import { recordRows } from './report';
import { median, ms } from './stats';

// The catalogue on PostgreSQL (`pnpm bench fleet`): acknowledged adds per second through the
// catalogue store (check, stage, one transaction under the head row's lock, apply, files) at 1
// and 16 clients, against a bare loop of single-row INSERTs (each its own COMMIT) through `pg`
// on the same temp cluster, durability as shipped (fsync and synchronous_commit on), one
// connection for one client and 16 for 16. Alternated A B A B; medians. Then propagation: the
// time from an add resolving on one replica to the other replica applying it (its snapshot
// serves it from then on), over sequential adds. Figures only; never fails on speed.

const ADDS = Number(process.env.BENCH_FLEET_ADDS ?? 600);
const ROUNDS = 2;
const PROPAGATIONS = Number(process.env.BENCH_PROPAGATIONS ?? 300);
const who = { ip: '198.51.100.1', actor: 'bench' };
const PAYLOAD = JSON.stringify({ Flag: 'BENCH1', Info: 'x'.repeat(200), Solution: ['one step', 'another step'] }); // about an add's record

const work = await mkdtemp(join(tmpdir(), 'bench-fleet-'));
const cluster = await TempCluster.start();
let databases = 0;

interface Replica {
  store: CatalogStore;
  db: Database;
  applied: Map<string, number>;
  close(): Promise<void>;
}

async function replica(url: string, name: string): Promise<Replica> {
  const db = await Database.open({ url, poolMax: 16, timeoutMs: 10_000 });
  await mkdir(join(work, name), { recursive: true });
  // The replica's files (none: every entry comes through the log) and what it serves, resolved through the overlay.
  const files = new Map<string, ErrorEntry>();
  const exports = new Map<string, number>();
  const entries = new Map<string, ErrorEntry>();
  const applied = new Map<string, number>();
  let overlay: CatalogStore['overlay'] | null = null;
  const store = await openCatalogStore({
    dataDir: join(work, name, 'data'),
    clock: systemClock,
    log: { kind: 'postgres', db },
    files: () => files,
    exports: () => exports,
    onApplied: (flags) => {
      for (const flag of flags) {
        applied.set(flag, performance.now());
        const entry = overlay?.resolve(flag, files.get(flag), exports);
        if (entry) entries.set(flag, entry);
        else entries.delete(flag);
      }
    },
  });
  overlay = store.overlay;
  return { store, db, applied, close: async () => (await store.close(), await db.close()) };
}

/** Runs `clients` loops sharing `total` operations; returns operations per second. */
async function perSecond(clients: number, total: number, operation: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < total) await operation(next++);
  }));
  return total / ((performance.now() - started) / 1000);
}

async function storeAdds(clients: number): Promise<number> {
  const url = await cluster.createDatabase(`adds_${++databases}`);
  const r = await replica(url, `adds-${databases}`);
  try {
    return await perSecond(clients, ADDS, (i) => r.store.create({ Flag: `BENCH${i + 1}`, Info: 'x'.repeat(200), Solution: ['one step', 'another step'] }, who));
  } finally {
    await r.close();
  }
}

async function bareInserts(clients: number): Promise<number> {
  const url = await cluster.createDatabase(`bare_${++databases}`);
  const pool = new pg.Pool({ connectionString: url, max: clients });
  try {
    await pool.query('CREATE TABLE bare (id bigserial PRIMARY KEY, payload json NOT NULL)');
    return await perSecond(clients, ADDS, () => pool.query('INSERT INTO bare (payload) VALUES ($1)', [PAYLOAD]));
  } finally {
    await pool.end();
  }
}

async function propagation(): Promise<number[]> {
  const url = await cluster.createDatabase(`propagation_${++databases}`);
  const a = await replica(url, 'prop-a');
  const b = await replica(url, 'prop-b');
  const delays: number[] = [];
  try {
    for (let i = 0; i < PROPAGATIONS; i++) {
      const flag = `PROP${i + 1}`;
      await a.store.create({ Flag: flag, Info: 'propagated', Solution: ['wait'] }, who);
      const acknowledged = performance.now();
      while (!b.applied.has(flag)) await new Promise((done) => setTimeout(done, 1));
      delays.push(Math.max(0, b.applied.get(flag)! - acknowledged));
    }
  } finally {
    await a.close();
    await b.close();
  }
  return delays;
}

const percentile = (samples: number[], p: number) => [...samples].sort((x, y) => x - y)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;

try {
  await storeAdds(1); // warm-up: the cluster, the pool, the JIT
  await bareInserts(1);
  const figures = new Map<string, number[]>();
  const note = (key: string, value: number) => figures.set(key, [...(figures.get(key) ?? []), value]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const clients of [1, 16]) {
      note(`bare/${clients}`, await bareInserts(clients));
      note(`store/${clients}`, await storeAdds(clients));
    }
  }
  const rows = [1, 16].map((clients) => {
    const store = median(figures.get(`store/${clients}`)!);
    const bare = median(figures.get(`bare/${clients}`)!);
    console.log(`catalogue adds on PostgreSQL, ${clients} client(s): ${store.toFixed(0)}/s vs bare INSERT loop ${bare.toFixed(0)}/s = ${(store / bare).toFixed(2)}x`);
    return {
      measure: `Catalogue adds on PostgreSQL, ${clients} client${clients > 1 ? 's' : ''} (acknowledged per second)`,
      value: `${store.toFixed(0)}/s`,
      reference: `${bare.toFixed(0)}/s (single-row INSERT loop through pg, ${clients} connection${clients > 1 ? 's' : ''}, same cluster)`,
      ratio: `${(store / bare).toFixed(2)}x`,
      target: clients === 1 ? '>= 0.5x' : '>= 0.8x',
    };
  });
  const delays = await propagation();
  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  console.log(`propagation to the other replica over ${delays.length} adds: p50 ${ms(p50)}, p99 ${ms(p99)}`);
  rows.push(
    { measure: `Propagation of an add to the other replica, p50 (${delays.length} adds)`, value: ms(p50), reference: '100 ms (the target p99)', ratio: `${(p50 / 100).toFixed(2)}x`, target: '' },
    { measure: `Propagation of an add to the other replica, p99 (${delays.length} adds)`, value: ms(p99), reference: '100 ms (the target p99)', ratio: `${(p99 / 100).toFixed(2)}x`, target: '<= 1x' },
  );
  recordRows(import.meta.filename, `The catalogue on PostgreSQL (temp cluster, durability as shipped; ${ROUNDS} alternated rounds of ${ADDS} adds, medians)`, rows);
} finally {
  await cluster.destroy();
  await rm(work, { recursive: true, force: true });
}
