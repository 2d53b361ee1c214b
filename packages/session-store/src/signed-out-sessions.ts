import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { encodeLine, openJournal, replaceFile, StorageUnavailableError, syncDirectory, type Journal } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';

/**
 * Sessions signed out before they expire. A sealed cookie is valid on its own until its expiry,
 * so signing out must leave a record every replica checks (OWASP Session Management: the server
 * invalidates the session on logout, not only the browser's cookie). A record lasts as long as
 * the session would have: after that the cookie is refused for its age anyway.
 */
export interface SignedOutSessions {
  /** Records that session `sid` (valid until `exp`, ms since the epoch) ended; durable once it resolves. */
  add(sid: string, exp: number): Promise<void>;
  /** Whether session `sid` was signed out, on this replica or any sharing the record. */
  has(sid: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Only a digest of the session id is stored: the record is no key to anything. */
export const digest = (sid: string) => createHash('sha256').update(sid).digest('base64url');

export const SIGNED_OUT_FILE = 'signed-out-sessions.jsonl';
type SignedOutLine = { sid: string; exp: number };

/**
 * One box: `DATA_DIR/signed-out-sessions.jsonl` (one process holds DATA_DIR, the service's data lock), read
 * into memory at start-up, where the lines of expired sessions are dropped by rewriting the file.
 */
export async function openFileSignedOutSessions(dataDir: string, clock: Clock): Promise<SignedOutSessions> {
  const path = join(dataDir, SIGNED_OUT_FILE);
  const now = () => clock.nowMicros() / 1000;
  const live = new Map<string, number>();
  let expired = 0;
  const read = await openJournal<SignedOutLine>(path, {
    now: () => formatUtcInstant(clock.nowMicros()),
    onRecord: ({ record }) => {
      if (record.exp > now()) live.set(record.sid, record.exp);
      else expired++;
    },
  });
  let journal: Journal<SignedOutLine> = read;
  if (expired > 0 && read.health().reason === null) {
    await read.close();
    await replaceFile(path, `${path}.compacting`, Buffer.concat([...live].map(([sid, exp], i) => encodeLine(i + 1, { sid, exp }))));
    await syncDirectory(dataDir);
    journal = await openJournal<SignedOutLine>(path, { now: () => formatUtcInstant(clock.nowMicros()) });
  }
  return {
    async add(sid, exp) {
      const key = digest(sid);
      const refusal = journal.health().reason;
      if (refusal !== null) throw new StorageUnavailableError(refusal);
      await journal.commit([{ sid: key, exp }]);
      live.set(key, exp);
    },
    async has(sid) {
      const exp = live.get(digest(sid));
      return exp !== undefined && exp > now();
    },
    close: () => journal.close(),
  };
}
