import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { freshEntryText } from '@companion/catalog-store';
import { SEARCH_ANSWER_MAX_BYTES } from '../src/routes/errors-read';
import { call, expectEnvelope, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// Distinct anonymous searches over large entries once grew the heap by the size of every answer
// (a memo per query and an ETag map keyed by bodies); now no query leaves memory behind.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const ENTRIES = 60;
const QUERIES = 1000;
/** What the heap may grow by over all the queries: far below what one per query would keep. */
const HEAP_BUDGET = 48 * 2 ** 20;

/** An entry as large as the schema allows (Info 4,000, 50 steps of 1,000 characters) holding w0...w999. */
function largeEntry(i: number): string {
  const words = Array.from({ length: QUERIES }, (_, n) => `w${n}`);
  const perStep = Math.ceil(words.length / 50);
  const Solution = Array.from({ length: 50 }, (_, s) => `${words.slice(s * perStep, (s + 1) * perStep).join(' ')} `.padEnd(1000, 'x').slice(0, 1000));
  return freshEntryText({ Flag: `BIG${1000 + i}`, Info: `Large entry ${i}. `.padEnd(4000, 'y'), Solution, messages: [], category: 'bulk', severity: 'low', creator: null, notes: null, created_at: null, updated_at: null });
}

describe('search memory', () => {
  let server: TestServer;

  beforeAll(async () => {
    const contentDir = await mkdtemp(join(tmpdir(), 'search-memory-'));
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    for (let i = 0; i < ENTRIES; i++) await writeFile(join(contentDir, 'errors', `BIG${1000 + i}.yaml`), largeEntry(i));
    server = await startServer({ contentDir });
    server.contentDir = contentDir;
  }, 300_000); // indexing 60 entries of the largest size, in four languages' analysers, before it listens

  afterAll(async () => {
    await server.close();
    await rm(server.contentDir, { recursive: true, force: true });
  });

  it(`keeps the heap within ${HEAP_BUDGET / 2 ** 20} MB over ${QUERIES} distinct queries, each answer capped in bytes`, async () => {
    const first = await call(`${server.url}/api/tunnel/errors/search?q=w0&limit=100`);
    const data = expectEnvelope(first.body, true);
    expect(data.length).toBeGreaterThan(1);
    expect(data.length).toBeLessThan(ENTRIES); // the byte cap cut the answer short of every match
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(SEARCH_ANSWER_MAX_BYTES);

    const before = heapAfterGc();
    for (let n = 0; n < QUERIES; n++) {
      const url = `${server.url}/api/tunnel/errors/search?q=w${n}&limit=100`;
      // A kept-alive connection the server closed as it was reused (its 5 s idle timeout, met during
      // a long collection) resets: a GET is sent again on a new one, as browsers and clients do.
      const res = await fetch(url).catch(() => fetch(url));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const grown = heapAfterGc() - before;
    console.log(`search memory: heap grew ${(grown / 2 ** 20).toFixed(1)} MB over ${QUERIES} distinct queries of ~${(SEARCH_ANSWER_MAX_BYTES / 1024).toFixed(0)} KiB answers`);
    expect(grown).toBeLessThan(HEAP_BUDGET);
  }, 600_000);

  it('answers a pasted paragraph of 1,000 characters, and refuses a longer query and a limit over 100', async () => {
    const paragraph = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ').slice(0, 1000);
    const pasted = await call(`${server.url}/api/tunnel/errors/search?q=${encodeURIComponent(paragraph)}`);
    expect(pasted.status).toBe(200);
    expect(expectEnvelope(pasted.body, true).length).toBeGreaterThan(0);
    for (const query of [`q=${'a'.repeat(1001)}`, 'limit=101']) {
      const res = await call(`${server.url}/api/tunnel/errors/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_PARAMETER');
    }
  });
});
