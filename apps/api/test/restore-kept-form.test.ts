import { keptFormTarget } from '@companion/console';

// A restore's confirmation kept across a sign-in (its session ended while it was typed) is named
// as what it is: the confirmation of the one restore its form showed, not a release's setting.
test('a kept restore confirmation names the restore it confirms', () => {
  const form = { action: '/console/releases/restore/confirm', fields: { event: '4f0c2f4e-8a61-4c1e-9d0b-52a3e7c1d9aa', reason: 'halts checked' }, who: 'pia' };
  expect(keptFormTarget(form)).toBe("The restore of the service's data (4f0c2f4e-8a61-4c1e-9d0b-52a3e7c1d9aa): confirming it and letting the held rollouts go on.");
  expect(keptFormTarget({ ...form, action: '/console/releases/1.12.0/halt' })).toBe('Release 1.12.0: halting its rollout.');
});
