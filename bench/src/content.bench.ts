import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ContentStore, DEFAULT_DEBOUNCE_MS, listContentFiles, parseContentFile } from '@companion/content';
import { toErrorEntry } from '@companion/schema';
import { errorText, generateTree, noticeText } from './content-tree';
import { recordRows, type BenchRow } from './report';
import { ROOT, startApi } from './service';
import { median, ms, time } from './stats';

// Content at scale: 10,000 notices and 10,000 catalogue entries. Cold start and heap against
// merely reading and parsing the same files; save-to-served against reading and parsing the one
// file. Every reference is measured in this run, alternated with what it is compared to.
// Figures only; never fails on speed.
const NOTICES = 10_000;
const ERRORS = 10_000;
const COLD_ROUNDS = 3;
const SAVE_ROUNDS = 7;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const taskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return ['taskset', '-c', '1'];
  } catch {
    return [];
  }
})();
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}x`;

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Wall time and CPU from spawning `args` until `ready(line)` says it is ready. */
async function startTimed(args: string[], env: Record<string, string>, ready: (line: string) => boolean, firstAnswer?: (line: string) => Promise<void>): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const [command, ...rest] = [...taskset, process.execPath, '--import', 'tsx', ...args];
  const child = spawn(command!, rest, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffered = '';
  const line = await new Promise<string>((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const found = buffered.split('\n').find(ready);
      if (found) done(found);
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited ${code} before it was ready:\n${buffered}`)));
  });
  await firstAnswer?.(line);
  const wallMs = performance.now() - started;
  // The node process is the child of taskset (exec'd in place), so its pid is the child's.
  const cpuMs = child.exitCode === null ? cpuSeconds(child.pid!) * 1000 : (JSON.parse(line) as { cpuMs: number }).cpuMs;
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
  return { wallMs, cpuMs };
}

const dir = await generateTree(NOTICES, ERRORS);
const rows: BenchRow[] = [];
try {
  const files = await listContentFiles(dir);
  let contentBytes = 0;
  for (const file of files) contentBytes += (await stat(join(dir, file))).size;
  console.log(`content tree: ${files.length} files, ${(contentBytes / 1e6).toFixed(1)} MB (${NOTICES} notices + ${ERRORS} entries + shipped releases, codenames, elements)`);

  // 4. Cold start to the first answer, against a process that only reads and parses the files.
  const api = { wall: [] as number[], cpu: [] as number[] };
  const bare = { wall: [] as number[], cpu: [] as number[] };
  for (let round = 0; round < COLD_ROUNDS; round++) {
    const reference = await startTimed(['bench/src/read-parse.ts', dir], {}, (l) => l.startsWith('{'));
    bare.wall.push(reference.wallMs);
    bare.cpu.push(reference.cpuMs);
    const served = await startTimed(['apps/api/src/main.ts'], { CONTENT_DIR: dir, DATA_DIR: join(dir, '.data'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' }, (l) => /listening on http/.test(l), async (l) => {
      const url = /(http:\/\/[\d.]+:\d+)/.exec(l)![1]!;
      const res = await fetch(`${url}/api/notice/1`);
      if (res.status !== 200) throw new Error(`first answer was ${res.status}`);
    });
    api.wall.push(served.wallMs);
    api.cpu.push(served.cpuMs);
    console.log(`round ${round + 1}: read+parse ${ms(reference.wallMs)} (${ms(reference.cpuMs)} CPU); API to first answer ${ms(served.wallMs)} (${ms(served.cpuMs)} CPU)`);
  }
  rows.push(
    { measure: `cold start to first answer, ${NOTICES} notices + ${ERRORS} entries (wall)`, value: ms(median(api.wall)), reference: `${ms(median(bare.wall))} (a process that only reads and parses the files)`, ratio: ratio(median(api.wall), median(bare.wall)), target: '<= 3x' },
    { measure: 'cold start to first answer (process CPU)', value: ms(median(api.cpu)), reference: `${ms(median(bare.cpu))} (same)`, ratio: ratio(median(api.cpu), median(bare.cpu)), target: '<= 3x' },
  );

  // Heap after load, against the content's own bytes and the heap the bare parse results hold.
  gc();
  const parseBase = process.memoryUsage().heapUsed;
  let parsed: unknown[] | undefined = [];
  for (const file of files) parsed.push(parseContentFile(file, await readFile(join(dir, file))));
  gc();
  const parsedHeap = process.memoryUsage().heapUsed - parseBase;
  console.log(`${parsed.length} parse results held`);
  parsed = undefined;
  gc();
  const base = process.memoryUsage().heapUsed;
  const store = await ContentStore.open(dir);
  gc();
  const storeHeap = process.memoryUsage().heapUsed - base;
  await store.close();
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`heap after load ${mb(storeHeap)}; parse results alone ${mb(parsedHeap)}; content ${mb(contentBytes)}`);
  rows.push(
    { measure: 'heap held by the loaded store', value: mb(storeHeap), reference: `${mb(contentBytes)} (the content files' bytes)`, ratio: ratio(storeHeap, contentBytes), target: '<= 4x' },
    { measure: 'heap held by the loaded store', value: mb(storeHeap), reference: `${mb(parsedHeap)} (the bare parse results, kept in an array)`, ratio: ratio(storeHeap, parsedHeap) },
  );

  // An API change served at 10,000 entries against one at the shipped 34: the content store
  // resolves the one Flag again through the catalogue's overlay, O(1) in the catalogue.
  const ownWrite = async (contentDir: string) => {
    const s = await ContentStore.open(contentDir);
    let decided = toErrorEntry({ Flag: 'OWNBENCH1', Info: 'Own write.', Solution: ['Retry.'] });
    s.setErrorOverlay({ resolve: (flag, file) => (flag === 'OWNBENCH1' ? decided : file), flags: () => ['OWNBENCH1'] });
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      decided = toErrorEntry({ Flag: 'OWNBENCH1', Info: `Own write ${i}.`, Solution: ['Retry.'] });
      samples.push(await time(() => s.resolveErrors(['OWNBENCH1'])));
    }
    await s.close();
    return median(samples.slice(200));
  };
  const [small, large] = [[] as number[], [] as number[]];
  for (let round = 0; round < 3; round++) {
    small.push(await ownWrite(join(ROOT, 'content')));
    large.push(await ownWrite(dir));
  }
  rows.push({ measure: `resolveErrors([flag]) (patch the snapshot) at ${ERRORS} entries`, value: ms(median(large)), reference: `${ms(median(small))} (at the shipped 34 entries)`, ratio: ratio(median(large), median(small)), target: '<= 1.3x' });

  // 5. Save to served over HTTP, against reading and parsing the saved file alone.
  const server = await startApi({ CONTENT_DIR: dir, DATA_DIR: join(dir, '.data') });
  try {
    const readAndParse = async (file: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 50; i++) samples.push(await time(async () => parseContentFile(file, await readFile(join(dir, file)))));
      return median(samples);
    };
    /** From writing `file` to GET `path` answering the new value (polled every 2 ms). */
    const saveToServed = async (file: string, text: string, path: string, expected: string) => {
      const saved = performance.now();
      await writeFile(join(dir, file), text);
      for (;;) {
        const body = await (await fetch(`${server.url}${path}`)).text();
        if (body.includes(expected)) return performance.now() - saved;
        await new Promise((done) => setTimeout(done, 2));
      }
    };
    const cases = [
      { name: 'catalogue entry', file: 'errors/BENCH1.yaml', path: '/api/tunnel/errors/BENCH1', text: (r: number) => errorText('BENCH1', `Saved in round ${r}.`), expected: (r: number) => `Saved in round ${r}.` },
      { name: 'notice', file: 'notices/1-generated.md', path: '/api/notice/1', text: (r: number) => noticeText(1, `Saved in round ${r}`), expected: (r: number) => `Saved in round ${r}` },
    ];
    for (const c of cases) {
      const reference: number[] = [];
      const served: number[] = [];
      await saveToServed(c.file, c.text(-1), c.path, c.expected(-1)); // warm-up
      for (let r = 0; r < SAVE_ROUNDS; r++) {
        reference.push(await readAndParse(c.file)); // A, B, A, B ... in the same run
        served.push(await saveToServed(c.file, c.text(r), c.path, c.expected(r)));
      }
      const [ref, total] = [median(reference), median(served)];
      console.log(`${c.name}: save -> served median ${ms(total)} [${served.map(ms).join(', ')}]; read + parse alone ${ms(ref)}`);
      rows.push(
        { measure: `save to served over HTTP, one ${c.name} among ${files.length} files`, value: ms(total), reference: `${ms(ref)} (read + parse that file alone)`, ratio: ratio(total, ref), target: `<= ${DEFAULT_DEBOUNCE_MS} ms debounce + 20 ms` },
        { measure: `  the same beyond the ${DEFAULT_DEBOUNCE_MS} ms debounce`, value: ms(total - DEFAULT_DEBOUNCE_MS), reference: ms(ref), ratio: ratio(total - DEFAULT_DEBOUNCE_MS, ref), target: '<= 20 ms' },
      );
    }
    const reloads = server.lines.filter((l) => l.includes('content reloaded')).map((l) => (JSON.parse(l) as { durationMs: number }).durationMs);
    console.log(`server-side reload (read the changed file, parse, patch the snapshot): median ${ms(median(reloads))} (logged, rounded to ms)`);
  } finally {
    await server.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
recordRows(import.meta.filename, 'Content at scale: cold start, heap, own writes, save to served', rows);
