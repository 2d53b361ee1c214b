import { cp, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { recordRows, type BenchRow } from './report';
import { processCpuMs } from './thread-cpu';
import { ROOT, startApi } from './service';
import { median } from './stats';

// What an Idempotency-Key costs a write: the same POSTs (feedback, a catalogue add, an e-mail into
// the outbox) with a new key each and without one, against one server per store (the flat files;
// PostgreSQL on a temp cluster when one can be started), alternated A B B A in one run. One
// client, one keep-alive connection: time per request and server CPU per request. Figures only.

const PER_ROUND = Number(process.env.BENCH_KEYED_WRITES ?? 300);
const ROUNDS = Number(process.env.BENCH_KEYED_ROUNDS ?? 6);
const TOKEN = 'bench-keys';
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(url: string, body: string, key: string | null): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...(key && { 'idempotency-key': `"${key}"` }) } }, (res) => {
      res.resume().on('end', () => done(res.statusCode!));
    });
    req.once('error', fail);
    req.end(body);
  });
}

let n = 0;
const WRITES: { name: string; path: string; body: () => string; status: number }[] = [
  { name: 'POST /api/feedback', path: '/api/feedback', body: () => JSON.stringify({ content: `Bench feedback number ${++n}.`, type: 'bug' }), status: 201 },
  { name: 'POST /api/tunnel/errors/addNew', path: '/api/tunnel/errors/addNew', body: () => JSON.stringify({ Flag: `BENCH${++n}`, Info: `Added by the bench, number ${n}.`, Solution: ['Retry.'] }), status: 201 },
  { name: 'POST /api/send_email (outbox)', path: '/api/send_email', body: () => JSON.stringify({ to: 'ops@example.org', subject: `Bench ${++n}`, text: 'Bench message.' }), status: 202 },
];

/** One round of `count` writes: ms per request and server CPU ms per request. */
async function round(base: string, pid: number, write: (typeof WRITES)[number], keyed: boolean, count: number): Promise<{ ms: number; cpu: number }> {
  const cpu0 = await processCpuMs(pid);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const status = await post(base + write.path, write.body(), keyed ? crypto.randomUUID() : null);
    if (status !== write.status) throw new Error(`${write.path} answered ${status}`);
  }
  const ms = (performance.now() - t0) / count;
  return { ms, cpu: ((await processCpuMs(pid)) - cpu0) / count };
}

const rows: BenchRow[] = [];
const work = await mkdtemp(join(tmpdir(), 'bench-keys-'));
const cluster = clusterUnavailable() ? null : await TempCluster.start();
try {
  const stores: [string, Record<string, string>][] = [['flat files', {}]];
  if (cluster) stores.push(['PostgreSQL', { DATABASE_URL: await cluster.createDatabase('bench_keys') }]);
  else console.log(`PostgreSQL skipped: ${clusterUnavailable()}`);
  for (const [store, env] of stores) {
    const contentDir = join(work, `${store}-content`);
    await cp(join(ROOT, 'content'), contentDir, { recursive: true });
    const api = await startApi({ ...env, CONTENT_DIR: contentDir, DATA_DIR: join(work, `${store}-data`), API_TOKENS: `${TOKEN}=*`, RATE_LIMIT_FEEDBACK: '10000000/1m', RATE_LIMIT_CATALOG: '10000000/1m', RATE_LIMIT_EMAIL: '10000000/1m' });
    try {
      for (const write of WRITES) {
        await round(api.url, api.pid, write, true, 50); // warm-up, both paths
        await round(api.url, api.pid, write, false, 50);
        const plain: { ms: number; cpu: number }[] = [];
        const keyed: { ms: number; cpu: number }[] = [];
        // A B B A ...: a drift of the server over the run (warming up, a growing catalogue) falls on both alike.
        for (let r = 0; r < ROUNDS; r++) {
          for (const isKeyed of r % 2 === 0 ? [false, true] : [true, false]) (isKeyed ? keyed : plain).push(await round(api.url, api.pid, write, isKeyed, PER_ROUND));
        }
        const ms = (runs: { ms: number }[]) => median(runs.map((x) => x.ms));
        const cpu = (runs: { cpu: number }[]) => median(runs.map((x) => x.cpu));
        const us = (v: number) => `${Math.round(v * 1000)} us`;
        console.log(`${store} ${write.name}: keyed ${us(ms(keyed))} (cpu ${us(cpu(keyed))}), plain ${us(ms(plain))} (cpu ${us(cpu(plain))})`);
        rows.push({ measure: `${write.name} with an Idempotency-Key, ${store}: time per request, 1 client`, value: us(ms(keyed)), reference: `${us(ms(plain))} (the same POST without a key)`, ratio: `${(ms(keyed) / ms(plain)).toFixed(2)}x`, target: '<= 1.2x' });
        rows.push({ measure: `the same: server CPU per request`, value: us(cpu(keyed)), reference: `${us(cpu(plain))} (without a key)`, ratio: `${(cpu(keyed) / cpu(plain)).toFixed(2)}x` });
      }
    } finally {
      await api.stop();
    }
  }
} finally {
  await cluster?.destroy();
  await rm(work, { recursive: true, force: true });
}
recordRows(import.meta.filename, `Idempotency-Key: a write with a key against the same write without one, per store (${ROUNDS} rounds of ${PER_ROUND} each, alternated A B B A, medians)`, rows);
