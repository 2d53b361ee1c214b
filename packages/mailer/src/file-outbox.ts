import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { KEY_RETENTION_MS, type IdempotencyClaim } from '@companion/idempotency';
import path from 'node:path';
import { faultMessage, FaultState, PROBE_INTERVAL_MS, Retrier, StorageUnavailableError, syncDirectory, type StorageEvents } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';
import { writeFileDurably } from './durable-file';
import { messageHolds } from './message-holds';
import type { MailReceipt } from './delivery';
import type { OutboxStore } from './outbox-store';

/** How /health names the outbox: relative to DATA_DIR, never a full path. */
const OUTBOX_NAME = 'outbox';

/** Where the Idempotency-Keys of messages are kept: `<outbox>/.keys/<digest of owner and key>.json`. */
export const KEYS_DIR = '.keys';

/** A key as its file holds it: the message's file is the commit; a key whose message is missing was never committed. */
interface KeyFile {
  fingerprint: string;
  name: string;
  receipt: MailReceipt;
  /** ms since the epoch, when the message was sent. */
  at: number;
}

const keyFileName = (claim: Pick<IdempotencyClaim, 'owner' | 'key'>) => `${createHash('sha256').update(`${claim.owner}\n${claim.key}`).digest('hex')}.json`;

/** Messages between two sweeps of expired key files. */
const KEYED_SENDS_PER_SWEEP = 1000;

/**
 * The embedded default: each message becomes one `.eml` file in `dir`. A failed write is a fault
 * in /health until a write (a message or the probe, every 0.5 s) succeeds again.
 */
export function createFileOutbox(dir: string, clock: Clock, events?: StorageEvents, keyRetentionMs = KEY_RETENTION_MS): OutboxStore {
  const keysDir = path.join(dir, KEYS_DIR);
  const nowMs = () => clock.nowMicros() / 1000;
  let keyedSends = 0;
  const fault = new FaultState('mail outbox', () => formatUtcInstant(clock.nowMicros()), events);
  const probe = new Retrier(async () => {
    await writeFileDurably(dir, '.probe', Buffer.alloc(4096, 0x0a));
    await rm(path.join(dir, '.probe'), { force: true });
    fault.clear();
    return true;
  }, PROBE_INTERVAL_MS);

  return {
    /**
     * With a claim, the key's file is made durable first and the message's file second: the
     * message's rename is the one commit point of both (recall trusts a key only while its
     * message exists), so a crash in between leaves a key that names nothing, which is ignored.
     */
    async put({ name, raw, claim, messageId, recipients }) {
      try {
        if (claim) {
          const file: KeyFile = { fingerprint: claim.fingerprint, name, receipt: { message_id: messageId, accepted: recipients, rejected: [] }, at: nowMs() };
          await writeFileDurably(keysDir, keyFileName(claim), Buffer.from(JSON.stringify(file)));
        }
        await writeFileDurably(dir, name, raw);
      } catch (error) {
        const { message } = fault.fail(faultMessage(`${OUTBOX_NAME}/${name}`, error), { path: path.join(dir, name), error });
        probe.start();
        throw new StorageUnavailableError(message);
      }
      fault.clear();
      if (claim && ++keyedSends % KEYED_SENDS_PER_SWEEP === 0) void forgetExpiredKeys().catch(() => undefined);
    },
    async recall(claim) {
      let file: KeyFile;
      try {
        file = JSON.parse(await readFile(path.join(keysDir, keyFileName(claim)), 'utf8')) as KeyFile;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageUnavailableError(faultMessage(`${OUTBOX_NAME}/${KEYS_DIR}`, error));
      }
      if (file.at < nowMs() - keyRetentionMs) return null;
      const committed = await stat(path.join(dir, file.name)).then(() => true, () => false);
      return committed ? { fingerprint: file.fingerprint, outcome: file.receipt } : null;
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
        // The idempotency keys' stored answers name the recipients: those naming the address go too.
        const wanted = address.toLowerCase();
        const keys = await readdir(keysDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
        let keysErased = 0;
        for (const name of keys) {
          const text = await readFile(path.join(keysDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));
          if (!text.toLowerCase().includes(wanted)) continue;
          await rm(path.join(keysDir, name), { force: true });
          keysErased++;
        }
        if (keysErased > 0) await syncDirectory(keysDir);
        return erased;
      } catch (error) {
        throw new StorageUnavailableError(faultMessage(OUTBOX_NAME, error));
      }
    },
    describe: () => dir,
    health: () => ({ target: OUTBOX_NAME, ...fault.report() }),
    close: async () => probe.stop(),
  };

  /** Deletes key files past twice the retention (a key younger than the retention is never deleted). */
  async function forgetExpiredKeys(): Promise<void> {
    const oldest = Date.now() - 2 * keyRetentionMs; // against the files' own times
    for (const name of await readdir(keysDir)) {
      const at = await stat(path.join(keysDir, name)).then((s) => s.mtimeMs, () => Infinity);
      if (at < oldest) await rm(path.join(keysDir, name), { force: true });
    }
  }
}
