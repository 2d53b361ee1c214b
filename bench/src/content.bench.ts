import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSnapshot, ContentStore, ContentWatcher, DEFAULT_DEBOUNCE_MS, listContentFiles, parseContentFile, parseFiles } from '@companion/content';
import { errorText, generateTree, noticeText } from './content-tree';
import { startApi } from './service';
import { median, ms, time } from './stats';

// Content at scale: 10,000 notices and 10,000 catalogue entries. Figures only; never fails on speed.
const NOTICES = 10_000;
const ERRORS = 10_000;
const ROUNDS = 7;

const dir = await generateTree(NOTICES, ERRORS);
try {
  console.log(`content tree: ${NOTICES} notices + ${ERRORS} error entries + shipped releases/codenames/elements in ${dir}`);

  const loads: number[] = [];
  for (let i = 0; i < 3; i++) loads.push(await time(() => ContentStore.open(dir)));
  console.log(`full load (list, read, parse, validate, build):  median ${ms(median(loads))}  [${loads.map(ms).join(', ')}]`);

  const parsed = await parseFiles(dir, await listContentFiles(dir));
  const results = new Map([...parsed].map(([file, { result }]) => [file, result]));
  const builds: number[] = [];
  for (let i = 0; i < 10; i++) builds.push(await time(() => buildSnapshot(results, 0)));
  console.log(`snapshot rebuild over ${results.size} parsed files:  median ${ms(median(builds))}`);

  const files = await listContentFiles(dir);
  let watcher: ContentWatcher | undefined;
  const ready = await time(async () => (watcher = await ContentWatcher.start(dir, async () => null, {})));
  await watcher!.close();
  const store = await ContentStore.open(dir);
  const hashCheck = await time(() => store.refresh(files));
  console.log(`watch start: chokidar ready ${ms(ready)}; hash check of every file (catches edits made while loading) ${ms(hashCheck)}`);
  await store.watch();
  const ownWrites: number[] = [];
  for (let i = 0; i < 10; i++) ownWrites.push(await time(() => store.applyOwnWrite('errors/BENCH2.yaml', Buffer.from(errorText('BENCH2', `Own write ${i}.`)))));
  console.log(`own write of one entry (parse + rebuild):  median ${ms(median(ownWrites))}`);
  await store.close();

  const started = performance.now();
  const api = await startApi({ CONTENT_DIR: dir, DATA_DIR: join(dir, '.data') });
  console.log(`API start on this tree (load + watch + listen):  ${ms(performance.now() - started)}`);
  try {
    /** Read + parse one file alone: the least any reload of it can cost. */
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
        const body = await (await fetch(`${api.url}${path}`)).text();
        if (body.includes(expected)) return performance.now() - saved;
        await new Promise((done) => setTimeout(done, 2));
      }
    };
    const cases = [
      { name: 'error entry', file: 'errors/BENCH1.yaml', path: '/api/tunnel/errors/BENCH1', text: (r: number) => errorText('BENCH1', `Saved in round ${r}.`), expected: (r: number) => `Saved in round ${r}.` },
      { name: 'notice', file: 'notices/1-generated.md', path: '/api/notice/1', text: (r: number) => noticeText(1, `Saved in round ${r}`), expected: (r: number) => `Saved in round ${r}` },
    ];
    for (const c of cases) {
      const reference: number[] = [];
      const served: number[] = [];
      await saveToServed(c.file, c.text(-1), c.path, c.expected(-1)); // warm-up
      for (let r = 0; r < ROUNDS; r++) {
        reference.push(await readAndParse(c.file)); // A, B, A, B ... in the same run
        served.push(await saveToServed(c.file, c.text(r), c.path, c.expected(r)));
      }
      const [ref, total] = [median(reference), median(served)];
      console.log(`${c.name}: save -> served over HTTP median ${ms(total)} [${served.map(ms).join(', ')}]; read + parse alone median ${ms(ref)}; ratio ${(total / ref).toFixed(0)}x`);
    }
    const reloads = api.lines.filter((l) => l.includes('content reloaded')).map((l) => (JSON.parse(l) as { durationMs: number }).durationMs);
    console.log(`  server-side reload (read changed file, parse, rebuild ${NOTICES + ERRORS}-file snapshot): median ${ms(median(reloads))}; the rest is the ${DEFAULT_DEBOUNCE_MS} ms debounce, the file event and the first request's serialisation`);
  } finally {
    await api.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
