import type { SignedOutBackend } from './backend';

/**
 * What every record of signed-out sessions promises, run against each backend: a session signed
 * out is refused from then on, after a restart and on every replica sharing the record, for as
 * long as it would have been valid; a session never signed out is not.
 */
export function signedOutContract(backend: SignedOutBackend): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`sessions signed out, on ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('a session signed out is known as such, then and after a restart; others are not', async () => {
      const first = await backend.open();
      await first.add('session-a', Date.now() + 3_600_000);
      // Twice is once.
      await first.add('session-a', Date.now() + 3_600_000);
      expect(await first.has('session-a')).toBe(true);
      expect(await first.has('session-b')).toBe(false);
      await first.close();
      const again = await backend.open();
      expect([await again.has('session-a'), await again.has('session-b')]).toEqual([true, false]);
    });

    test('a record lasts as long as the session would have', async () => {
      const record = await backend.open();
      const shortUntil = Date.now() + 1500;
      await record.add('short', shortUntil);
      await record.add('minute', Date.now() + 60_000);
      await record.add('long', Date.now() + 3_600_000);
      // Held while its session would be (a minute: no loaded machine gets there before asking).
      expect(await record.has('minute')).toBe(true);
      // Gone once its session would have ended: waited for until that instant has passed.
      await new Promise((done) => setTimeout(done, shortUntil - Date.now() + 100));
      expect([await record.has('short'), await record.has('minute'), await record.has('long')]).toEqual([false, true, true]);
    });

    (backend.replicas ? test : test.skip)('a session signed out on one replica is refused by the others', async () => {
      const [one, two] = [await backend.open(), await backend.open()];
      expect(await two.has('session-a')).toBe(false);
      await one.add('session-a', Date.now() + 3_600_000);
      expect(await two.has('session-a')).toBe(true);
    });
  });
}
