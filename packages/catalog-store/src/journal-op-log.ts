import { join } from 'node:path';
import { openJournal, type Journal, type StorageEvents } from '@companion/journal';
import type { LoggedRecord, OpLog, OpLogHealth, ProposedChange } from './op-log';
import { checkOpRecord, type OpFields } from './op-record';

export const OP_LOG_FILE = 'catalog-ops.jsonl';

/**
 * The embedded log: `<dataDir>/catalog-ops.jsonl`, one writer (the data folder's lock). The
 * replica's own catalogue is the whole truth, so a proposal is never re-checked here.
 */
export class JournalOpLog implements OpLog {
  readonly store = 'jsonl';
  readonly shared = false;

  private constructor(private readonly journal: Journal<OpFields>) {}

  /** Opens the journal and replays it through `onRecord`, in seq order. */
  static async open(dataDir: string, options: { now: () => string; events: StorageEvents | undefined; onRecord: (line: LoggedRecord) => void }): Promise<JournalOpLog> {
    const journal = await openJournal<OpFields>(join(dataDir, OP_LOG_FILE), {
      now: options.now,
      events: options.events,
      onRecord: (line) => {
        checkOpRecord(line.record);
        options.onRecord(line);
      },
    });
    return new JournalOpLog(journal);
  }

  commit(proposals: readonly ProposedChange[]): Promise<LoggedRecord[]> {
    // Fields in the order the log has always had them.
    return this.journal.commit(proposals.map(({ change, who, fileBefore }) => ({ timestamp: who.timestamp, operation: change!.operation, flag: change!.flag, user_ip: who.user_ip, actor: who.actor, entry: change!.entry, file_before: fileBefore })));
  }

  async pull(): Promise<LoggedRecord[]> {
    return []; // nobody else writes this log
  }

  watch(): void {}

  lastSeq(): number {
    return this.journal.lastSeq();
  }

  health(): OpLogHealth {
    return { store: this.store, ...this.journal.health() };
  }

  close(): Promise<void> {
    return this.journal.close();
  }
}
