import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/test/support/ports';
import { recordRows } from './report';
import { ROOT } from './service';
import { median, ms } from './stats';

// Cold start: from spawning the process to the first 200 of GET /health, polled every 5 ms.
// The built service (`node apps/api/dist/main.js`) against `pnpm start` (pnpm, a shell, node
// with tsx compiling the sources), and against a bare node:http server answering 200 (the
// floor of this runtime), alternated in one run after a warm-up round. Figures only.

const ROUNDS = Number(process.env.COLD_START_ROUNDS ?? 5);

const WAYS = {
  built: [process.execPath, 'apps/api/dist/main.js'],
  'pnpm start': ['pnpm', 'start'],
  'bare node:http': [process.execPath, '-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')"],
} as const;
type Way = keyof typeof WAYS;

async function coldStart(way: Way): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const [command, ...args] = WAYS[way];
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.resume();
  const ended = new Promise((done) => child.once('close', done)); // every process sharing its output has exited
  let elapsed = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way} exited (${child.exitCode}) before answering`);
    const status = await fetch(`http://127.0.0.1:${port}/health`).then((res) => res.status, () => 0);
    if (status === 200) {
      elapsed = performance.now() - started;
      break;
    }
    await new Promise((done) => setTimeout(done, 5));
  }
  child.kill('SIGTERM');
  await ended;
  rmSync(dataDir, { recursive: true, force: true });
  return elapsed;
}

execFileSync('pnpm', ['build'], { cwd: ROOT, stdio: 'ignore' });
const samples: Record<Way, number[]> = { built: [], 'pnpm start': [], 'bare node:http': [] };
for (let round = 0; round <= ROUNDS; round++) {
  for (const way of Object.keys(WAYS) as Way[]) {
    const took = await coldStart(way);
    if (round > 0) samples[way].push(took); // round 0 warms the disk cache and tsx's
  }
}
const [built, dev, bare] = [median(samples.built), median(samples['pnpm start']), median(samples['bare node:http'])];
console.log(`cold start to the first 200 of /health, median of ${ROUNDS}: built ${ms(built)}, pnpm start ${ms(dev)}, bare node:http ${ms(bare)}`);
console.log(`built / pnpm start = ${(built / dev).toFixed(2)}x; built / bare node:http = ${(built / bare).toFixed(2)}x`);
recordRows(import.meta.filename, `Cold start: spawn to the first 200 of GET /health (median of ${ROUNDS}, alternated)`, [
  { measure: 'built service (`node apps/api/dist/main.js`)', value: ms(built), reference: `${ms(dev)} (\`pnpm start\`, same run)`, ratio: `${(built / dev).toFixed(2)}x` },
  { measure: 'built service against the runtime floor', value: ms(built), reference: `${ms(bare)} (bare node:http answering 200)`, ratio: `${(built / bare).toFixed(2)}x` },
]);
