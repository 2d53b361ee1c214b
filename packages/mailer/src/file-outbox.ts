import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
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

/**
 * A keyed message's file name carries its Idempotency-Key: `<stamp>-<message-id>~<digest of owner
 * and key>~<fingerprint>.eml`. The message's own rename commits both (one durable write, as
 * without a key); its time is the name's stamp, its answer the message's Message-ID and To
 * headers; erasing the message erases its key. `~` is never in the Message-ID part (outbox-name).
 */
const KEYED_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})\d{3}Z-.*~([A-Za-z0-9_-]{43})~([A-Za-z0-9_-]{1,64})\.eml$/;

/** Where an earlier format kept the outbox's keys, one file each; only erasure still looks there. */

/** Longest name written: the temp file (`.<name>.tmp`) must fit in 255 bytes too. */
const MAX_NAME = 250;

const keyDigest = (claim: Pick<IdempotencyClaim, 'owner' | 'key'>) => createHash('sha256').update(`${claim.owner}\n${claim.key}`).digest('base64url');

/** The name a keyed message is kept under (its Message-ID part shortened if the whole would not fit). */
function keyedName(name: string, claim: IdempotencyClaim): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(claim.fingerprint)) throw new TypeError('an outbox key fingerprint is 1 to 64 base64url characters (a digest)');
  const suffix = `~${keyDigest(claim)}~${claim.fingerprint}.eml`;
  return `${name.replace(/\.eml$/, '').slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

/** What a keyed file's name says: its key's digest, the request's fingerprint, when it was written (ms). */
function parseKeyedName(name: string): { digest: string; fingerprint: string; at: number } | null {
  const m = KEYED_NAME.exec(name);
  if (!m) return null;
  return { digest: m[8]!, fingerprint: m[9]!, at: Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!) };
}

/** The 202's answer, read back from the message: its Message-ID and the addresses of its To header. */
function receiptOf(raw: string): MailReceipt | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const messageId = /^Message-ID:[ \t]*(\S+)/im.exec(head)?.[1];
  const to = /^To:(.*)$/im.exec(head)?.[1];
  if (messageId === undefined || to === undefined) return null;
  return { message_id: messageId, accepted: to.split(',').map((address) => address.trim()).filter((address) => address.length > 0), rejected: [] };
}

/** Messages between two sweeps of expired keys from memory. */
const KEYED_SENDS_PER_SWEEP = 1000;

/**
 * The embedded default: each message becomes one `.eml` file in `dir`. A failed write is a fault
 * in /health until a write (a message or the probe, every 0.5 s) succeeds again.
 */
export function createFileOutbox(dir: string, clock: Clock, events?: StorageEvents, keyRetentionMs = KEY_RETENTION_MS): OutboxStore {
  const nowMs = () => clock.nowMicros() / 1000;
  let keyedSends = 0;
  /** The keyed messages' names by key digest, read from the folder's listing once, then kept up to date. */
  let keyedNames: Promise<Map<string, string>> | null = null;
  const keyed = () =>
    (keyedNames ??= readdir(dir).then(
      (names) => new Map(names.sort().flatMap((name) => {
        const parsed = parseKeyedName(name);
        return parsed ? [[parsed.digest, name] as const] : [];
      })),
      (error: NodeJS.ErrnoException) => {
        keyedNames = null;
        return error.code === 'ENOENT' ? new Map<string, string>() : Promise.reject(error);
      },
    ));
  const fault = new FaultState('mail outbox', () => formatUtcInstant(clock.nowMicros()), events);
  const probe = new Retrier(async () => {
    await writeFileDurably(dir, '.probe', Buffer.alloc(4096, 0x0a));
    await rm(path.join(dir, '.probe'), { force: true });
    fault.clear();
    return true;
  }, PROBE_INTERVAL_MS);

  return {
    /**
     * With a claim, the key is in the message's file name (see KEYED_NAME): the message's rename
     * is the one commit point of both, so a crash before it leaves neither and a crash after it
     * leaves both.
     */
    async put({ name, raw, claim }) {
      const kept = claim ? keyedName(name, claim) : name;
      const names = claim ? await keyed().catch(() => null) : null;
      try {
        await writeFileDurably(dir, kept, raw);
      } catch (error) {
        const { message } = fault.fail(faultMessage(`${OUTBOX_NAME}/${kept}`, error), { path: path.join(dir, kept), error });
        probe.start();
        throw new StorageUnavailableError(message);
      }
      fault.clear();
      if (!claim) return;
      if (names) names.set(keyDigest(claim), kept);
      else keyedNames = null; // the listing failed: read it again, with this message, at the next recall
      if (++keyedSends % KEYED_SENDS_PER_SWEEP === 0) void forgetExpiredKeys().catch(() => undefined);
    },
    async recall(claim) {
      try {
        const digest = keyDigest(claim);
        const name = (await keyed()).get(digest);
        const parsed = name === undefined ? null : parseKeyedName(name);
        if (!name || !parsed || parsed.at < nowMs() - keyRetentionMs) return null;
        const raw = await readFile(path.join(dir, name), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
        const receipt = raw === null ? null : receiptOf(raw);
        if (!receipt) {
          (await keyed()).delete(digest); // erased, or removed by hand: the key went with its message
          return null;
        }
        return { fingerprint: parsed.fingerprint, outcome: receipt };
      } catch (error) {
        throw new StorageUnavailableError(faultMessage(OUTBOX_NAME, error));
      }
    },
    async erase(address) {
      try {
        // Temp files (`.<name>.tmp`) too: one left by a crash holds a whole message. A keyed
        // message's Idempotency-Key is in its name: it goes with the message.
        const names = (await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)))).filter((name) => name.endsWith('.eml') || name.endsWith('.eml.tmp'));
        let erased = 0;
        for (const name of names) {
          const raw = await readFile(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
          if (raw === null || !messageHolds(raw, [], address)) continue;
          await rm(path.join(dir, name), { force: true });
          const parsed = parseKeyedName(name);
          if (parsed && keyedNames) (await keyedNames).delete(parsed.digest);
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

  /** Forgets, in memory, the keys past the retention (their messages stay: the outbox keeps every message). */
  async function forgetExpiredKeys(): Promise<void> {
    if (!keyedNames) return;
    const names = await keyedNames;
    const oldest = nowMs() - keyRetentionMs;
    for (const [digest, name] of names) if ((parseKeyedName(name)?.at ?? 0) < oldest) names.delete(digest);
  }
}
