import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Release } from '@companion/content';
import { withHalts } from '@companion/release-guard';
import { keyForShare, offeredToInstall, rolloutBucket } from '../src/routes/rollout';
import { startServer, type TestServer } from './server';

// An install's key for its share of the staged releases: the versions it is offered, in the
// order of the list, whether its share's key was made before or not; and the served content a
// share set in the console makes, which those keys are made from.

const release = (version: string, rollout: number): Release => ({ version, date: '2026-11-01', description: `Release ${version}`, changes: [], rollout, file: `changelog/stable/${version}.yaml` });
const installs = Array.from({ length: 400 }, (_, i) => `install-${i}`);
const expected = (key: string, staged: readonly Release[], install: string) => {
  const offered = staged.filter((r) => rolloutBucket(install, r.version) < r.rollout!).map((r) => r.version);
  return offered.length === 0 ? key : `${key.slice(0, -1)}${offered.join(',')}`;
};

test('two staged releases: each install gets the versions it is in, every share among them', () => {
  const staged = [release('1.12.0', 30), release('1.13.0-beta.1', 60)];
  const key = 'stable 1.11.2 - - -';
  const shares = new Set<string>();
  // Twice over: the second time every share's key is one made before.
  for (const install of [...installs, ...installs]) {
    const made = keyForShare(key, staged, install);
    expect(made).toBe(expected(key, staged, install));
    shares.add(made);
  }
  // All four shares occur among 400 installs.
  expect([...shares].sort()).toEqual([key, 'stable 1.11.2 - - 1.12.0', 'stable 1.11.2 - - 1.12.0,1.13.0-beta.1', 'stable 1.11.2 - - 1.13.0-beta.1'].sort());
});

test('a halted release is in no share; more staged releases than the kept shares still give the right key', () => {
  const halted = { ...release('1.12.0', 50), halted: true as const };
  expect(installs.some((install) => offeredToInstall(install, halted))).toBe(false);
  const many = Array.from({ length: 12 }, (_, i) => release(`1.${12 + i}.0`, 50));
  for (const install of installs.slice(0, 50)) expect(keyForShare('preview 1.11.2 -', many, install)).toBe(expected('preview 1.11.2 -', many, install));
});

test('an install gets the key for the list and key it asks with: a raised rollout, another key for the same list', () => {
  const key = 'stable 1.11.2 - - -';
  const at30 = [release('1.12.0', 30)];
  const at90 = [release('1.12.0', 90)];
  const other = 'stable 1.11.2 macos-arm64 - -';
  for (const install of installs) {
    // A raised rollout is a new list (a new snapshot); a feed's list serves several keys.
    for (const [k, staged] of [[key, at30], [key, at90], [other, at90], [key, at30], [key, [] as Release[]]] as const) {
      expect(keyForShare(k, staged, install)).toBe(expected(k, staged, install));
    }
  }
  // Raising the rollout only adds installs.
  const inAt30 = installs.filter((i) => keyForShare(key, at30, i) !== key);
  expect(inAt30.length).toBeGreaterThan(80);
  expect(inAt30.every((i) => keyForShare(key, at90, i) !== key)).toBe(true);
});

describe('a share set in the console, as the served content carries it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  test('a new snapshot object exactly when a share or the content changes, so the answers derived from it are rebuilt then and only then', async () => {
    const halts = server.services.halts;
    const served = withHalts(server.content, halts);
    const before = served.current();
    // Nothing set: the content's own snapshot, the same object on every call.
    expect(before).toBe(server.content.current());
    expect(served.current()).toBe(before);
    const file = before.stable.find((r) => r.version === '1.12.0')!;
    expect(file.rollout).toBe(20);

    await halts.setShare({ version: '1.12.0', channel: 'stable', rollout: 60, file_rollout: 20, replaces: null, set_by: 'console: Pia', reason: 'faster' });
    const after = served.current();
    expect(after).not.toBe(before);
    expect(served.current()).toBe(after);
    expect(after.stable.find((r) => r.version === '1.12.0')).toEqual({ ...file, rollout: 60 });
    // Only the list that changed is new; the releases in it that did not change are the same objects.
    expect(after.preview).toBe(before.preview);
    expect(after.stable.find((r) => r.version === '1.11.2')).toBe(before.stable.find((r) => r.version === '1.11.2'));
    // The installs a 60% share takes, by the same keys as a file saying 60.
    const staged = after.stable.filter((r) => r.version === '1.12.0');
    for (const install of installs) expect(keyForShare('stable 1.11.2 - - -', staged, install)).toBe(expected('stable 1.11.2 - - -', [release('1.12.0', 60)], install));

    // A halt (another change of what is offered): a new object again.
    await halts.halt('1.12.0', 'stable', 'console: Pia', 'stop');
    const halted = served.current();
    expect(halted).not.toBe(after);
    expect(halted.stable.find((r) => r.version === '1.12.0')).toMatchObject({ rollout: 60, halted: true });

    // A deploy changing the file's rollout: a new object, the file's 30 served (halted still).
    const path = join(server.contentDir, file.file);
    await writeFile(path, (await readFile(path, 'utf8')).replace('rollout: 20', 'rollout: 30'));
    await server.content.reconcile();
    const deployed = served.current();
    expect(deployed).not.toBe(halted);
    expect(deployed.stable.find((r) => r.version === '1.12.0')).toMatchObject({ rollout: 30, halted: true });
  });
});
