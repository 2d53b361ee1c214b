import type { ErrorEntry } from '@companion/schema';
import { entryText, readEntrySource, type FileStamp } from './entry-file';
import type { LoggedRecord } from './op-log';

/** A file staged for a change before it was logged: the entry it holds (JSON, `null` for a removal) and its bytes. */
export interface StagedFile {
  entryJson: string;
  bytes: Uint8Array | null;
  /** The staged file's stamp; null for a removal. */
  stamp: FileStamp | null;
}

export interface AppliedFiles {
  /** Each touched Flag's entry once the records are applied (null: deleted), in record order. */
  entries: Map<string, ErrorEntry | null>;
  /** The bytes each touched Flag's file ends with (null: removed). */
  states: Map<string, Uint8Array | null>;
  /** The states not staged yet (records from another replica, or a change the log re-planned). */
  unstaged: Map<string, Uint8Array | null>;
  /** The stamps of the staged files used as they are. */
  stamps: Map<string, FileStamp>;
}

/**
 * What applying records (in seq order) does to the entry files: each touched Flag ends as its
 * last record says. A file this replica staged for exactly that state is used as it is; any
 * other is the Flag's current file edited in place (or a new file), as for the replica's own writes.
 */
export function filesAfter(errorsDir: string, records: readonly LoggedRecord[], staged: ReadonlyMap<string, StagedFile>): AppliedFiles {
  const entries = new Map<string, ErrorEntry | null>();
  for (const { record } of records) entries.set(record.flag, record.operation === 'DELETE' ? null : record.entry);
  const states = new Map<string, Uint8Array | null>();
  const unstaged = new Map<string, Uint8Array | null>();
  const stamps = new Map<string, FileStamp>();
  for (const [flag, entry] of entries) {
    const mine = staged.get(flag);
    if (mine && mine.entryJson === JSON.stringify(entry)) {
      states.set(flag, mine.bytes);
      if (mine.stamp) stamps.set(flag, mine.stamp);
      continue;
    }
    const bytes = entry === null ? null : Buffer.from(entryText(readSource(errorsDir, flag), entry));
    states.set(flag, bytes);
    unstaged.set(flag, bytes);
  }
  return { entries, states, unstaged, stamps };
}

/** The Flag's file to edit in place; an unreadable one is written afresh. */
export function readSource(errorsDir: string, flag: string): string | null {
  try {
    return readEntrySource(errorsDir, flag);
  } catch {
    return null;
  }
}
