import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreBackend } from '@companion/database/testing';
import { KEY_CLOCK_SKEW_MS, RestoreWatch, WitnessFile, type LineageStore, type RestoreEvent } from '../../src';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A UUIDv7 made at `ms`. */
const uuidV7 = (ms: number) => {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7abc-8def-0123456789ab`;
};

/**
 * What every lineage store promises, and the watch over it, run against each backend: the tick
 * only rises; a restore of an older copy is noticed against the witness, recorded once, and its
 * consequences run once per replica with the halts the witness knew; a store the witness cannot
 * place (no lineage, another one, no witness for written data) is held as a restore of unknown extent.
 */
export function lineageContract(backend: StoreBackend<LineageStore> & { copy(): Promise<() => Promise<void>> }): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`restore lineage, on ${backend.name}`, () => {
    let witnessDir = '';
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(async () => {
      await backend.fresh();
      witnessDir = await mkdtemp(join(tmpdir(), 'witness-'));
    });
    afterEach(async () => {
      await backend.cleanUp();
      await rm(witnessDir, { recursive: true, force: true });
    });

    const watch = async (name: string, now: () => number, applied: { event: RestoreEvent; halted: string[] }[] = [], missingWitness: 'restore' | 'new-replica' = 'restore') => {
      const result = RestoreWatch.open({ store: await backend.open(), witness: await WitnessFile.open(join(witnessDir, name)), replica: name, now, pollMs: 0, tickMs: 0, keyRetentionMs: 24 * HOUR, missingWitness });
      await result.start(async (event, halted) => {
        applied.push({ event, halted: halted.map((h) => h.version) });
      });
      return result;
    };

    test('a new store begins a lineage once; the tick rises by one each advance', async () => {
      const store = await backend.open();
      expect(await store.mark()).toBeNull();
      const first = await store.begin('lineage-a', at(0));
      expect(await store.begin('lineage-b', at(1))).toEqual(first);
      expect((await store.advance(at(2))).tick).toBe(1);
      expect(await store.advance(at(3))).toEqual({ lineage: 'lineage-a', tick: 2, ticked_at: at(3) });
      expect(await store.events()).toEqual([]);
    });

    test('a restore of an older copy is noticed, recorded once, its halts re-applied, and held until confirmed', async () => {
      let nowMs = Date.parse('2026-12-01T10:00:00Z');
      const now = () => nowMs;
      const applied: { event: RestoreEvent; halted: string[] }[] = [];
      const one = await watch('one', now, applied);
      await one.touch();
      await one.close();
      const restore = await backend.copy(); // the backup, at tick 1
      nowMs += HOUR;
      const again = await watch('one', now, applied);
      await again.rememberHalted(() => [{ version: '1.4.0', channel: 'stable' }]);
      await again.touch();
      await again.touch();
      expect(again.unconfirmed()).toBe(false);
      await again.close();
      nowMs += HOUR;
      await restore();

      const restarted = await watch('one', now, applied);
      const event = restarted.restore()!;
      expect(event).toMatchObject({ restored_to_tick: 1, seen_tick: 3, detected_at: at(nowMs), detected_by: 'one', confirmed_at: null });
      expect(event.restored_to).toBe(at(Date.parse('2026-12-01T10:00:00Z')));
      expect(restarted.unconfirmed()).toBe(true);
      expect(restarted.sessionsValidFrom()).toBe(nowMs);
      expect(applied.map((a) => [a.event.id, a.halted])).toEqual([[event.id, ['1.4.0']]]);
      // The tick goes on above what was seen: no second restore is noticed at the next look.
      await restarted.check();
      await restarted.touch();
      expect((await restarted.restore())!.id).toBe(event.id);
      expect(applied).toHaveLength(1);

      // Keys: one made before the detection is lost, and so is one older than the keys' retention and
      // one a client clock running fast dated just after it; one clearly made after is new; one without a time cannot be told.
      expect(restarted.keyVerdict(uuidV7(nowMs - 60_000))).toEqual({ kind: 'lost', restoredAt: at(nowMs) });
      expect(restarted.keyVerdict(uuidV7(nowMs - 30 * HOUR))).toEqual({ kind: 'lost', restoredAt: at(nowMs) });
      expect(restarted.keyVerdict(uuidV7(nowMs + 10 * 60_000))).toEqual({ kind: 'lost', restoredAt: at(nowMs) });
      expect(restarted.keyVerdict(uuidV7(nowMs + KEY_CLOCK_SKEW_MS + 1))).toEqual({ kind: 'fresh' });
      expect(restarted.keyVerdict('opaque-key-1')).toEqual({ kind: 'unverified', restoredAt: at(nowMs) });
      nowMs += 25 * HOUR;
      expect(restarted.keyVerdict('opaque-key-1')).toEqual({ kind: 'fresh' });

      expect(await restarted.confirm('no-such-restore', 'console: Ada', 'checked')).toEqual({ kind: 'unknown' });
      expect(await restarted.confirm(event.id, 'console: Ada', 'checked the halts and resumes')).toMatchObject({ kind: 'confirmed', event: { confirmed_by: 'console: Ada' } });
      expect(restarted.unconfirmed()).toBe(false);
      expect((await restarted.confirm(event.id, 'console: Ada', 'again')).kind).toBe('done');
      await restarted.close();
      const later = await watch('one', now, applied);
      expect(later.restore()).toMatchObject({ id: event.id, confirm_reason: 'checked the halts and resumes' });
      expect(later.unconfirmed()).toBe(false);
      expect(applied).toHaveLength(1);
    });

    test('a fresh store under a new replica (no witness) is no restore', async () => {
      const now = () => Date.parse('2026-12-01T10:00:00Z');
      const first = await watch('one', now);
      expect(first.restore()).toBeNull();
      expect(first.unconfirmed()).toBe(false);
      await first.touch();
      await first.close();
      const again = await watch('one', now);
      expect(again.restore()).toBeNull();
    });

    // A backup from before the lineage was kept holds no lineage; another database holds another one.
    for (const [what, replace] of [
      ['a store with no lineage (a backup from before it was kept)', async () => undefined],
      ['a store with another lineage', async (store: LineageStore) => void (await store.begin('lineage-elsewhere', at(0)), await store.advance(at(1)))],
    ] as const) {
      test(`${what}, under a replica that saw data, is held as a restore of unknown extent with the witnessed halts re-applied`, async () => {
        let nowMs = Date.parse('2026-12-01T10:00:00Z');
        const now = () => nowMs;
        const applied: { event: RestoreEvent; halted: string[] }[] = [];
        const first = await watch('one', now, applied);
        await first.touch();
        await first.rememberHalted(() => [{ version: '1.4.0', channel: 'stable' }]);
        await first.close();
        await backend.fresh();
        await replace(await backend.open());
        nowMs += HOUR;
        const second = await watch('one', now, applied);
        const event = second.restore()!;
        expect(event).toMatchObject({ restored_to: null, detected_at: at(nowMs), confirmed_at: null });
        expect(second.unconfirmed()).toBe(true);
        expect(second.sessionsValidFrom()).toBe(nowMs);
        expect(second.keyVerdict(uuidV7(nowMs - 60_000)).kind).toBe('lost');
        expect(applied.map((a) => [a.event.id, a.halted])).toEqual([[event.id, ['1.4.0']]]);
        // The witness follows the store from here: the next look and a restart notice nothing new.
        await second.touch();
        await second.check();
        await second.close();
        const third = await watch('one', now, applied);
        expect(third.restore()!.id).toBe(event.id);
        expect(applied).toHaveLength(1);
        expect((await third.confirm(event.id, 'console: Ada', 'this is the database we moved to')).kind).toBe('confirmed');
        expect(third.unconfirmed()).toBe(false);
      });
    }

    test('written data under a replica whose witness is gone (where that means a copy put back) or unreadable is held until confirmed; an unreadable witness stays a problem until then', async () => {
      const now = () => Date.parse('2026-12-01T10:00:00Z');
      const first = await watch('one', now);
      await first.touch();
      await first.close();
      // A database's new replica has no witness yet: that alone is no restore there.
      const joined = await watch('joined', now, [], 'new-replica');
      expect(joined.restore()).toBeNull();
      await joined.close();
      await rm(join(witnessDir, 'joined'));
      const missing = await watch('rebuilt', now);
      const event = missing.restore()!;
      expect(event).toMatchObject({ restored_to: null, confirmed_at: null, detected_by: 'rebuilt' });
      expect(missing.unconfirmed()).toBe(true);
      expect(missing.witnessProblem()).toBeNull();
      expect((await missing.confirm(event.id, 'console: Ada', 'the box was rebuilt; the data is last night’s copy, checked')).kind).toBe('confirmed');
      await missing.close();

      await writeFile(join(witnessDir, 'torn'), '{ torn');
      const torn = await watch('torn', now);
      const second = torn.restore()!;
      expect(second.id).not.toBe(event.id);
      expect(torn.unconfirmed()).toBe(true);
      // Written again since, the witness is still named as the problem until a person confirms.
      await torn.touch();
      expect(torn.witnessProblem()).toMatch(/restore witness .*torn cannot be read/);
      expect(await torn.confirm(event.id, 'console: Ada', 'the older one')).toMatchObject({ kind: 'newer', newer: { id: second.id } });
      expect(torn.unconfirmed()).toBe(true);
      expect((await torn.confirm(second.id, 'console: Ada', 'checked')).kind).toBe('confirmed');
      expect(torn.witnessProblem()).toBeNull();
    });

    (backend.replicas ? test : test.skip)('a restore one replica records is seen by another, which applies its own witness once', async () => {
      const now = () => Date.now();
      const appliedOne: { event: RestoreEvent; halted: string[] }[] = [];
      const appliedTwo: { event: RestoreEvent; halted: string[] }[] = [];
      const one = await watch('one', now, appliedOne);
      const two = await watch('two', now, appliedTwo);
      await one.touch();
      const restore = await backend.copy();
      await two.rememberHalted(() => [{ version: '2.0.0', channel: 'preview' }]);
      await one.touch();
      await two.touch();
      await two.touch();
      await two.touch();
      await restore();
      // The replica that had seen less notices first: the one that had seen more takes its record as the same restore.
      await one.check();
      expect(one.unconfirmed()).toBe(true);
      await two.check();
      expect(two.restore()!.id).toBe(one.restore()!.id);
      await one.check();
      await two.touch();
      expect(await (await backend.open()).events()).toHaveLength(1);
      expect(appliedOne.map((a) => a.halted)).toEqual([[]]);
      expect(appliedTwo.map((a) => a.halted)).toEqual([['2.0.0']]);
      await one.confirm(one.restore()!.id, 'console: Ada', 'done');
      await two.check();
      expect(two.unconfirmed()).toBe(false);
    });
  });
}
