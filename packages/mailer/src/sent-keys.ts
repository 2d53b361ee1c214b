import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { KEY_RETENTION_MS, type IdempotencyClaim, type Recalled } from '@companion/idempotency';
import { faultMessage, StorageUnavailableError } from '@companion/journal';
import type { Clock } from '@companion/schema';
import type { MailReceipt } from './delivery';
import { writeFileDurably } from './durable-file';

/**
 * Where the keys of messages an SMTP relay accepted are kept: nothing of the message stays here,
 * so the key, the request's fingerprint and the 202's answer are recorded on their own, once the
 * relay said 250 and before the answer goes out. Files in `DATA_DIR/outbox/.sent-keys`
 * (`createFileSentKeys`) on one box; the `idempotency_keys` table (`openPgSentKeys`) on a fleet.
 */
export interface SentKeys {
  /** Resolves once the key and its answer are durable; rejects when the store refuses (KeyTakenError: another replica kept it first). */
  keep(claim: IdempotencyClaim, receipt: MailReceipt): Promise<void>;
  /** The answer kept with this key, within the key retention; null otherwise. */
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<MailReceipt> | null>;
  /**
   * Rewrites every kept answer naming the address with `[erased]` in its place; the key and its
   * fingerprint stay, so a retry is still answered, never sent again to the other recipients.
   * Resolves how many answers were rewritten.
   */
  erase(address: string): Promise<number>;
  close(): Promise<void>;
}

/** What an erased recipient reads as in a kept answer. */
export const ERASED_RECIPIENT = '[erased]';

/** The answer with `address` (any case) as ERASED_RECIPIENT; null when it does not name it. */
export function eraseRecipient(receipt: MailReceipt, address: string): MailReceipt | null {
  const wanted = address.toLowerCase();
  const named = (list: string[]) => list.some((a) => a.toLowerCase() === wanted);
  if (!named(receipt.accepted) && !named(receipt.rejected)) return null;
  const without = (list: string[]) => list.map((a) => (a.toLowerCase() === wanted ? ERASED_RECIPIENT : a));
  return { ...receipt, accepted: without(receipt.accepted), rejected: without(receipt.rejected) };
}

/** The digest a key is known by outside its credential: file names, the derived Message-ID. */
export const sentKeyDigest = (claim: Pick<IdempotencyClaim, 'owner' | 'key'>): string => createHash('sha256').update(`${claim.owner}\n${claim.key}`).digest('base64url');

interface KeptFile {
  fingerprint: string;
  /** When the relay accepted the message (ms since the epoch). */
  at: number;
  receipt: MailReceipt;
}

/** How errors name the folder: relative to DATA_DIR, never a full path. */
const SENT_KEYS_NAME = 'outbox/.sent-keys';

/** Keeps between two sweeps of files past twice the retention. */
const KEEPS_PER_SWEEP = 1000;

/**
 * One small JSON file per key, `<digest of owner and key>.json`, written durably (temp file,
 * rename, directory sync): a second process on the same DATA_DIR reads it by name at once.
 */
export function createFileSentKeys(dir: string, clock: Clock, keyRetentionMs = KEY_RETENTION_MS): SentKeys {
  const nowMs = () => clock.nowMicros() / 1000;
  let keeps = 0;
  const read = async (name: string): Promise<KeptFile | null> => {
    const text = await readFile(path.join(dir, name), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
    return text === null ? null : (JSON.parse(text) as KeptFile);
  };
  const names = async () => (await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)))).filter((name) => name.endsWith('.json'));

  return {
    async keep(claim, receipt) {
      const kept: KeptFile = { fingerprint: claim.fingerprint, at: nowMs(), receipt };
      await writeFileDurably(dir, `${sentKeyDigest(claim)}.json`, Buffer.from(JSON.stringify(kept)));
      if (++keeps % KEEPS_PER_SWEEP === 0) void sweep().catch(() => undefined);
    },
    async recall(claim) {
      try {
        const kept = await read(`${sentKeyDigest(claim)}.json`);
        if (!kept || kept.at < nowMs() - keyRetentionMs) return null;
        return { fingerprint: kept.fingerprint, outcome: kept.receipt };
      } catch (error) {
        // Not knowing is not "not sent": the retry is told 503, never sent again on a guess.
        throw new StorageUnavailableError(faultMessage(SENT_KEYS_NAME, error));
      }
    },
    async erase(address) {
      let erased = 0;
      try {
        for (const name of await names()) {
          const kept = await read(name).catch(() => null);
          const receipt = kept && eraseRecipient(kept.receipt, address);
          if (!kept || !receipt) continue;
          await writeFileDurably(dir, name, Buffer.from(JSON.stringify({ ...kept, receipt })));
          erased++;
        }
      } catch (error) {
        throw new StorageUnavailableError(faultMessage(SENT_KEYS_NAME, error));
      }
      return erased;
    },
    close: async () => undefined,
  };

  /** Deletes the files past twice the retention (recall ignores those past the retention meanwhile). */
  async function sweep(): Promise<void> {
    const oldest = nowMs() - 2 * keyRetentionMs;
    for (const name of await names()) {
      const kept = await read(name).catch(() => null);
      if (kept && kept.at < oldest) await rm(path.join(dir, name), { force: true });
    }
  }
}
