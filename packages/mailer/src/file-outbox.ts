import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { faultMessage, FaultState, PROBE_INTERVAL_MS, Retrier, StorageUnavailableError, syncDirectory, type StorageEvents } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';
import { writeFileDurably } from './durable-file';
import { messageHolds } from './message-holds';
import type { OutboxStore } from './outbox-store';

/** How /health names the outbox: relative to DATA_DIR, never a full path. */
const OUTBOX_NAME = 'outbox';

/**
 * The embedded default: each message becomes one `.eml` file in `dir`. A failed write is a fault
 * in /health until a write (a message or the probe, every 0.5 s) succeeds again.
 */
export function createFileOutbox(dir: string, clock: Clock, events?: StorageEvents): OutboxStore {
  const fault = new FaultState('mail outbox', () => formatUtcInstant(clock.nowMicros()), events);
  const probe = new Retrier(async () => {
    await writeFileDurably(dir, '.probe', Buffer.alloc(4096, 0x0a));
    await rm(path.join(dir, '.probe'), { force: true });
    fault.clear();
    return true;
  }, PROBE_INTERVAL_MS);

  return {
    async put({ name, raw }) {
      try {
        await writeFileDurably(dir, name, raw);
      } catch (error) {
        const { message } = fault.fail(faultMessage(`${OUTBOX_NAME}/${name}`, error), { path: path.join(dir, name), error });
        probe.start();
        throw new StorageUnavailableError(message);
      }
      fault.clear();
    },
    async erase(address) {
      try {
        // Temp files (`.<name>.tmp`) too: one left by a crash holds a whole message.
        const names = (await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)))).filter((name) => name.endsWith('.eml') || name.endsWith('.eml.tmp'));
        let erased = 0;
        for (const name of names) {
          const raw = await readFile(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
          if (raw === null || !messageHolds(raw, [], address)) continue;
          await rm(path.join(dir, name), { force: true });
          if (name.endsWith('.eml')) erased++;
        }
        if (erased > 0) await syncDirectory(dir);
        return erased;
      } catch (error) {
        throw new StorageUnavailableError(faultMessage(OUTBOX_NAME, error));
      }
    },
    describe: () => dir,
    health: () => ({ target: OUTBOX_NAME, ...fault.report() }),
    close: async () => probe.stop(),
  };
}
