import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFlood, measureFlood } from '../../tests/test/support/flood-probe';
import { recordRows } from './report';
import { ROOT, startApi } from './service';

// What a flood of never-seen URLs costs another client: its p99 while 8 connections ask for new
// URLs, against its p99 under the same load of URLs answered before (the same run, alternated).
// The soak suite prints the same figure.
const SECONDS = Number(process.env.FLOOD_BENCH_SECONDS ?? 5);
const work = await mkdtemp(join(tmpdir(), 'bench-flood-'));
const contentDir = join(work, 'content');
await cp(join(ROOT, 'content'), contentDir, { recursive: true });
const api = await startApi({ CONTENT_DIR: contentDir, DATA_DIR: join(work, 'data') });
try {
  const figures = await measureFlood(new URL(api.url), { seconds: SECONDS, rounds: 2 });
  console.log(describeFlood(figures));
  if (figures.failures.length > 0) throw new Error(`requests failed: ${figures.failures.slice(0, 5).join(', ')}`);
  recordRows(import.meta.filename, 'A flood of never-seen URLs', [
    {
      measure: `another client's GET /api/changelog/latest p99 while 8 connections ask for never-seen URLs (/docs?v=, /elements?v=, new searches)`,
      value: `${figures.floodP99.toFixed(1)} ms`,
      reference: `${figures.referenceP99.toFixed(1)} ms (the same load of URLs answered before)`,
      ratio: `${figures.ratio.toFixed(2)}x`,
      target: '<= 2x',
    },
  ]);
} finally {
  await api.stop();
  await rm(work, { recursive: true, force: true });
}
