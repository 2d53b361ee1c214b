import type { Release } from '@companion/content';
import { keyForShare, offeredToInstall, rolloutBucket } from '../src/routes/rollout';

// An install's key for its share of the staged releases: the versions it is offered, in the
// order of the list, whether its share's key was made before or not.

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
