import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@companion/schema';
import { lockDataDir } from '../src/data-lock';
import { openServices } from '../src/services';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const lockScript = `import('${new URL('../src/data-lock.ts', import.meta.url).pathname}').then((m) => m.lockDataDir(process.argv[1])).then(() => { console.log('locked ' + process.pid); setTimeout(() => {}, 30000); }, (e) => { console.log('refused: ' + e.message); process.exit(0); })`;
const lockerArgs = () => ['--import', 'tsx', '-e', lockScript, dir];

/** The first line a child prints (or what it printed when it exited). */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((done) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) done(out.split('\n')[0]!.trim());
    });
    child.once('exit', () => done(out.trim()));
  });
}

function startLocker(): { child: ChildProcess; line: Promise<string> } {
  const child = spawn(process.execPath, lockerArgs(), { cwd: import.meta.dirname });
  children.push(child);
  return { child, line: firstLine(child) };
}

const processState = async (pid: number) => (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.[0] ?? 'gone';

describe('one service per data folder', () => {
  it('refuses a second holder while the first runs, and frees the folder on release', async () => {
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/already in use by this process/);
    await release();
    await (await lockDataDir(dir))();
  });

  it('refuses a folder held by another live process, naming its pid', async () => {
    const { child, line } = startLocker();
    expect(await line).toBe(`locked ${child.pid}`);
    await expect(lockDataDir(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by another running service (pid ${child.pid})`);
  });

  it('lets exactly one of several processes starting at once take the folder', async () => {
    const outputs = await Promise.all(Array.from({ length: 4 }, () => startLocker().line));
    expect(outputs.filter((o) => o.startsWith('locked'))).toHaveLength(1);
    expect(outputs.filter((o) => o.startsWith('refused'))).toHaveLength(3);
  });

  it('is free the moment its holder is killed with SIGKILL', async () => {
    const { child, line } = startLocker();
    expect(await line).toMatch(/^locked/);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    await (await lockDataDir(dir))();
  });

  it('is free while a killed holder is still a zombie that its parent has not reaped', async () => {
    // `exec sleep` makes sleep the parent of the locker; sleep never waits for its children.
    const parent = spawn('sh', ['-c', `"${process.execPath}" "$@" & exec sleep 30`, 'sh', ...lockerArgs()], { cwd: import.meta.dirname });
    children.push(parent);
    const line = await firstLine(parent);
    const pid = Number(/^locked (\d+)$/.exec(line)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    while ((await processState(pid)) !== 'Z') await new Promise((done) => setTimeout(done, 10));
    await (await lockDataDir(dir))();
    expect(await processState(pid)).toBe('Z'); // still unreaped while the folder was taken
  });

  it.each([
    ['an empty lock file', { 'service.lock': '' }],
    ['pid 0', { 'service.lock': '0' }],
    ['pid 1', { 'service.lock': '1' }],
    ['a live pid reused by an unrelated process', { 'service.lock': String(process.ppid) }],
    ['half-made and moved-aside lock files', { 'service.lock.new-4242-abc': '4242', 'service.lock.stale-4242-def': '4242' }],
  ])('is never blocked by %s left by earlier versions, and tidies it away', async (_, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const release = await lockDataDir(dir);
    expect((await readdir(dir)).filter((name) => name.startsWith('service.lock'))).toEqual([]);
    await release();
  });

  it('is released when start-up fails part way', async () => {
    const open = (contentDir: string) => openServices({ contentDir, dataDir: join(dir, 'data'), env: {}, clock: systemClock });
    await expect(open(join(dir, 'no-such-content'))).rejects.toThrow(/does not exist/);
    await expect(open(join(dir, 'no-such-content'))).rejects.toThrow(/does not exist/); // not "already in use"
    await (await lockDataDir(join(dir, 'data')))();
  });
});
