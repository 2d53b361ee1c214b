import type { ErrorEntry, Operation } from '@companion/schema';
import { DuplicateFlagError, UnknownFlagError, type ChangeResult } from '../src';
import { entryFiles, input, openService, storedRecords, useFolders, who } from './harness';

const folders = useFolders();

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

test('200 concurrent mixed changes: answers, served catalogue, log and counters agree exactly', async () => {
  const { store, entries } = await openService(folders());
  const next = random(7);
  const flags = Array.from({ length: 15 }, (_, i) => `RACE${i}`);
  const calls: { operation: Operation; flag: string; promise: Promise<ChangeResult> }[] = [];
  for (let i = 0; i < 200; i++) {
    const flag = flags[Math.floor(next() * flags.length)]!;
    const operation = (['CREATE', 'UPDATE', 'DELETE'] as const)[Math.floor(next() * 3)]!;
    const promise =
      operation === 'CREATE'
        ? store.create(input(flag, `created by call ${i}`), who)
        : operation === 'UPDATE'
          ? store.update(flag, input(flag, `updated by call ${i}`), who)
          : store.delete(flag, who);
    calls.push({ operation, flag, promise });
  }
  const outcomes = await Promise.allSettled(calls.map((c) => c.promise));

  // The queue takes calls in arrival order, so a sequential model predicts every answer.
  const model = new Set<string>();
  const expectedCounts = { CREATE: 0, UPDATE: 0, DELETE: 0 };
  let seq = 0;
  calls.forEach(({ operation, flag }, i) => {
    const outcome = outcomes[i]!;
    const exists = model.has(flag);
    if (operation === 'CREATE' ? exists : !exists) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(operation === 'CREATE' ? DuplicateFlagError : UnknownFlagError);
      return;
    }
    expect(outcome).toMatchObject({ status: 'fulfilled', value: { seq: ++seq, entry: { Flag: flag } } });
    expectedCounts[operation]++;
    if (operation === 'DELETE') model.delete(flag);
    else model.add(flag);
  });

  expect([...entries.keys()].sort()).toEqual([...model].sort());
  expect(await entryFiles(folders().errorsDir)).toEqual([]); // the content folder is left alone

  const logged = await storedRecords(folders());
  expect(logged.map((r) => r.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
  const replayed = new Map<string, ErrorEntry>();
  for (const record of logged) {
    if (record.operation === 'DELETE') replayed.delete(record.flag);
    else replayed.set(record.flag, record.entry);
  }
  expect(new Map([...replayed].sort())).toEqual(new Map([...entries].sort()));

  const stats = store.stats();
  expect(stats.logsTotal).toBe(seq);
  expect(stats.operations).toEqual(expectedCounts);
  expect(store.logs({ limit: 500, offset: 0 }).records.map((r) => r.seq)).toEqual(logged.map((r) => r.seq).reverse());
  await store.close();

  const reopened = await openService(folders());
  expect(reopened.store.stats()).toEqual(stats);
  expect(reopened.store.logs({ limit: 500, offset: 0 })).toEqual(store.logs({ limit: 500, offset: 0 }));
  expect(new Map([...reopened.entries].sort())).toEqual(new Map([...entries].sort())); // served from the log again
  expect(reopened.applied).toEqual([]);
  await reopened.store.close();
});
