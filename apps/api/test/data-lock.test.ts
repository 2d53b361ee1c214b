import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../src/data-lock';

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

  it('takes over the lock of a process that died without releasing it', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((done) => dead.once('exit', done));
    await writeFile(join(dir, 'service.lock'), String(dead.pid));
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'service.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
