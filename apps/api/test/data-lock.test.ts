import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@companion/schema';
import { lockDataDir } from '../src/data-lock';
import { openServices } from '../src/services';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('one service per data folder', () => {
  it('refuses a second holder while the first runs, and frees the folder on release', async () => {
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'service.lock'), 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(/already in use/);
    await release();
    await (await lockDataDir(dir))();
  });

  it('refuses a folder locked by another live process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await writeFile(join(dir, 'service.lock'), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by another running service (pid ${other.pid})`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('lets exactly one of several processes starting at once take the folder', async () => {
    const script = `import('${new URL('../src/data-lock.ts', import.meta.url).pathname}').then((m) => m.lockDataDir(process.argv[1])).then(() => { console.log('locked'); setTimeout(() => {}, 3000); }, (e) => { console.log('refused: ' + e.message); process.exit(0); })`;
    const starters = Array.from({ length: 4 }, () => spawn(process.execPath, ['--import', 'tsx', '-e', script, dir], { cwd: import.meta.dirname }));
    const outputs = await Promise.all(
      starters.map((child) => new Promise<string>((done) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) done(out.trim());
        });
        child.once('exit', () => done(out.trim()));
      })),
    );
    for (const child of starters) child.kill('SIGKILL');
    expect(outputs.filter((o) => o === 'locked')).toHaveLength(1);
    expect(outputs.filter((o) => o.startsWith('refused'))).toHaveLength(3);
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((done) => dead.once('exit', done));
    await writeFile(join(dir, 'service.lock'), String(dead.pid));
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'service.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('is released when start-up fails part way', async () => {
    const open = (contentDir: string) => openServices({ contentDir, dataDir: join(dir, 'data'), env: {}, clock: systemClock });
    await expect(open(join(dir, 'no-such-content'))).rejects.toThrow(/does not exist/);
    await expect(readFile(join(dir, 'data', 'service.lock'))).rejects.toThrow();
    await expect(open(join(dir, 'no-such-content'))).rejects.toThrow(/does not exist/); // not "already in use"
  });
});
