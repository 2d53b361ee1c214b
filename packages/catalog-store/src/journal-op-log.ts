import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  static async open(dataDir: string, options: { now: () => string; events: StorageEvents | undefined; onRecord: (line: LoggedRecord) => void }): Promise<JournalOpLog> {
    const journal = await openJournal<OpFields>(join(dataDir, OP_LOG_FILE), {
      now: options.now,
      events: options.events,
      onRecord: (line) => {
        checkOpRecord(line.record);
        options.onRecord({ ...line, record: upgradeOpRecord(line.record) });
      },
    });
    try {
      return new JournalOpLog(journal, dataDir, await readIdentity(dataDir, journal.lastSeq() === 0));
    } catch (error) {
      await journal.close();
      throw error;
    }
  }

  commit(proposals: readonly ProposedChange[]): Promise<LoggedRecord[]> {
    // Fields in the order the log has always had them.
    return this.journal.commit(proposals.map(({ change, who }) => ({ timestamp: who.timestamp, operation: change!.operation, flag: change!.flag, user_ip: who.user_ip, actor: who.actor, entry: change!.entry, state: change!.state, ...(who.reason !== undefined && { reason: who.reason }) })));
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
