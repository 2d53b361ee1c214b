import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RecentKeys, type IdempotencyClaim, type Recalled } from '@companion/idempotency';
import type { ErrorEntry } from '@companion/schema';
import { openJournal, replaceFile, syncDirectory, type Journal, type StorageEvents } from '@companion/journal';
import type { LoggedRecord, OpLog, OpLogHealth, ProposedChange } from './op-log';
import { checkOpRecord, upgradeOpRecord, type OpFields } from './op-record';
import { identityText, parseIdentity, type LogIdentity } from './log-identity';

export const OP_LOG_FILE = 'catalog-ops.jsonl';
/** The log's id, made with it: `catalog-exports.yaml` names the log by it. */
export const LOG_ID_FILE = 'catalog-log-id';

/**
 * The identity of the log in `dataDir`, made (durably) with the log: an empty log is a new one,
 * so a log deleted or replaced by an empty one never inherits what catalog-exports.yaml says of
 * the old.
 */
async function readIdentity(dataDir: string, empty: boolean): Promise<LogIdentity> {
  const known = empty ? null : parseIdentity(await readFile(join(dataDir, LOG_ID_FILE), 'utf8').catch(() => ''));
  if (known) return known;
  const identity = { id: randomUUID(), ancestors: [] };
  await writeIdentity(dataDir, identity);
  return identity;
}

async function writeIdentity(dataDir: string, identity: LogIdentity): Promise<void> {
  const file = join(dataDir, LOG_ID_FILE);
  await replaceFile(file, `${file}.tmp`, identityText(identity));
  await syncDirectory(dataDir);
}

/**
 * The embedded log: `<dataDir>/catalog-ops.jsonl`, one writer (the data folder's lock). The
 * replica's own catalogue is the whole truth, so a proposal is never re-checked here.
 */
export class JournalOpLog implements OpLog {
  readonly store = 'jsonl';
  readonly shared = false;

  private constructor(
    private readonly journal: Journal<OpFields>,
    private readonly dataDir: string,
    private current: LogIdentity,
    private readonly keys: RecentKeys<{ entry: ErrorEntry; seq: number }>,
  ) {}

  get id(): string {
    return this.current.id;
  }

  identity(): LogIdentity {
    return this.current;
  }

  async renew(from: string): Promise<LogIdentity> {
    if (this.current.id !== from) return this.current;
    const next = { id: randomUUID(), ancestors: [...this.current.ancestors, { log_id: from, through: this.journal.lastSeq() }] };
    await writeIdentity(this.dataDir, next);
    this.current = next;
    return next;
  }

  /** Opens the journal and replays it through `onRecord`, in seq order. */
  static async open(dataDir: string, options: { now: () => string; nowMs: () => number; events: StorageEvents | undefined; onRecord: (line: LoggedRecord) => void }): Promise<JournalOpLog> {
    // The keys' clock in milliseconds, as the clock gives it: a keyed write asks it twice, so no
    // formatted timestamp is made and parsed back for it.
    const keys = new RecentKeys<{ entry: ErrorEntry; seq: number }>(undefined, options.nowMs);
    const journal = await openJournal<OpFields>(join(dataDir, OP_LOG_FILE), {
      now: options.now,
      events: options.events,
      onRecord: (line) => {
        checkOpRecord(line.record);
        const record = upgradeOpRecord(line.record);
        options.onRecord({ ...line, record });
        if (record.idempotency) keys.add(record.idempotency, { entry: record.entry, seq: record.seq }, instantMs(record.timestamp));
      },
    });
    try {
      return new JournalOpLog(journal, dataDir, await readIdentity(dataDir, journal.lastSeq() === 0), keys);
    } catch (error) {
      await journal.close();
      throw error;
    }
  }

  async commit(proposals: readonly ProposedChange[]): Promise<LoggedRecord[]> {
    // Fields in the order the log has always had them; a key in its change's own line.
    const lines = await this.journal.commit(proposals.map(({ change, who }) => ({ timestamp: who.timestamp, operation: change!.operation, flag: change!.flag, user_ip: who.user_ip, actor: who.actor, entry: change!.entry, state: change!.state, ...(change!.restored !== undefined && { restored: change!.restored }), ...(who.reason !== undefined && { reason: who.reason }), ...(who.idempotency && { idempotency: who.idempotency }) })));
    // Committed just now: a key's age is counted from here (its record's timestamp is a moment earlier).
    for (const { record } of lines) if (record.idempotency) this.keys.add(record.idempotency, { entry: record.entry, seq: record.seq });
    return lines;
  }

  async recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<{ entry: ErrorEntry; seq: number }> | null> {
    return this.keys.recall(claim);
  }

  async pull(): Promise<LoggedRecord[]> {
    return []; // nobody else writes this log
  }

  watch(): void {}

  lastSeq(): number {
    return this.journal.lastSeq();
  }

  storedHead(): null {
    return null; // this replica's own log: it is what was applied
  }

  health(): OpLogHealth {
    return { store: this.store, ...this.journal.health() };
  }

  close(): Promise<void> {
    return this.journal.close();
  }
}

/** `2026-11-25T22:04:40.123456` or with `Z`, as ms since the epoch. */
const instantMs = (at: string): number => Date.parse(at.endsWith('Z') ? at : `${at}Z`);
