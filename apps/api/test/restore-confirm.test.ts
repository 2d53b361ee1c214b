import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { KEY_RETENTION_MS } from '@companion/idempotency';
import { RestoreWatch, WitnessFile } from '@companion/restore-watch';
import { openPgLineageStore } from '@companion/restore-watch/postgresql';

// A replica left running while its database goes back under it notices by itself (its poll), and
// `pnpm restore:confirm`, run as docs/OPERATIONS.md says, confirms the restore for every replica.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const skip = clusterUnavailable();
if (skip) console.log(skip);

/** The operator's command, as `pnpm restore:confirm` runs it: exit code and output. */
async function confirmCommand(url: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/operator-command.mjs', 'restore-confirm', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, timeout: 60_000 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

(skip ? describe.skip : describe)('a restore under a running replica, confirmed by the operator', () => {
  let cluster: TempCluster;
  let dir: string;
  let database: Database;
  let watch: RestoreWatch;
  beforeAll(async () => {
    cluster = await TempCluster.start();
    dir = await mkdtemp(join(tmpdir(), 'restore-confirm-'));
  }, 120_000);
  afterAll(async () => {
    await watch?.close();
    await database?.close();
    await cluster?.destroy();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  test('the replica notices the restore by itself, and the command confirms it for every replica', async () => {
    const url = await cluster.createDatabase('companion');
    database = await Database.open({ url, poolMax: 2, timeoutMs: 10_000 });
    const logged: { level: string; message: string }[] = [];
    const line = (level: string) => (_fields: object, message: string) => void logged.push({ level, message });
    const logger = { error: line('error'), warn: line('warn'), info: line('info') };
    watch = RestoreWatch.open({ store: await openPgLineageStore(database), witness: await WitnessFile.open(join(dir, 'restore-witness.json')), replica: 'web-1', pollMs: 100, tickMs: 0, keyRetentionMs: KEY_RETENTION_MS, missingWitness: 'new-replica', logger });
    await watch.start(async () => undefined);
    await watch.touch();
    const dump = join(dir, 'companion.dump');
    await run('pg_dump', ['-Fc', '-f', dump, url]);
    await watch.touch();
    await watch.touch();
    expect(watch.unconfirmed()).toBe(false);
    expect((await confirmCommand(url, '--by', 'Ada Ops', '--reason', 'nothing to confirm')).out).toContain('no restore waits for confirmation');

    const noticed = new Promise<void>((done) => watch.onChange(done));
    await run('pg_restore', ['--clean', '--if-exists', '--single-transaction', '--no-owner', '-d', url, dump]);
    await noticed;
    expect(watch.unconfirmed()).toBe(true);
    expect(watch.restore()).toMatchObject({ detected_by: 'web-1', restored_to_tick: 1, seen_tick: 3 });
    // One line at error says what the restore changed and what to do.
    expect(logged.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      expect.stringMatching(/^restore watch: the data was restored from a backup: it stands where it stood on \S+ \(tick 1; this replica had seen tick 3\), noticed on \S+ by web-1\. .*confirm the restore \(\S+\) on the console's Releases page or with pnpm restore:confirm --event \S+/),
    ]);

    const refused = await confirmCommand(url, '--by', 'Ada Ops');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('say who confirms and what was checked');
    expect(watch.unconfirmed()).toBe(true);

    // Restored again (from a backup taken after the first restore was noticed) before anyone
    // confirmed: the command confirms only the restore it is told, and not an older one.
    const first = watch.restore()!;
    const later = join(dir, 'companion-later.dump');
    await run('pg_dump', ['-Fc', '-f', later, url]);
    await watch.touch();
    await watch.touch();
    const noticedAgain = new Promise<void>((done) => watch.onChange(done));
    await run('pg_restore', ['--clean', '--if-exists', '--single-transaction', '--no-owner', '-d', url, later]);
    await noticedAgain;
    const second = watch.restore()!;
    expect(second.id).not.toBe(first.id);
    const unnamed = await confirmCommand(url, '--by', 'Ada Ops', '--reason', 'checked');
    expect(unnamed.code).toBe(1);
    expect(unnamed.err).toContain(`2 restores wait for confirmation; name the one checked with --event: ${second.id}`);
    expect(unnamed.err).toContain(first.id);
    const older = await confirmCommand(url, '--by', 'Ada Ops', '--reason', 'checked', '--event', first.id);
    expect(older.code).toBe(1);
    expect(older.err).toContain(`a newer restore waits (${second.id}`);
    expect(watch.unconfirmed()).toBe(true);

    const confirmed = new Promise<void>((done) => watch.onChange(done));
    const done = await confirmCommand(url, '--by', 'Ada Ops', '--reason', 'halts since the dump re-applied; resumes repeated', '--event', second.id);
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/^confirmed the restore \S+ noticed on \S+ by web-1 \(the data went back to \S+\): held rollouts go on$/m);
    await confirmed;
    expect(watch.unconfirmed()).toBe(false);
    expect(watch.restore()).toMatchObject({ confirmed_by: 'operator: Ada Ops', confirm_reason: 'halts since the dump re-applied; resumes repeated' });
  }, 180_000);
});
