import type { FileHandle } from 'node:fs/promises';
import { checkLine, type JournalRecord } from './line-codec';
import { readLines } from './line-reader';

/** The unfinished last line that was cut away: where it started and how long it was. */
export interface TornTail {
  offset: number;
  bytes: number;
}

/** The first damaged line before the end of the log (1-based line, byte offset). */
export interface Corruption {
  line: number;
  offset: number;
  reason: string;
}

export interface RecoveryReport {
  records: number;
  lastSeq: number;
  tornTail: TornTail | null;
  corruption: Corruption | null;
}

/** One stored record and its line as written (a reused view during replay: copy to keep). */
export interface JournalLine<T> {
  record: JournalRecord<T>;
  bytes: Buffer;
}

/** May throw to refuse a record; the journal then reports that line as corrupt. */
export type RecordVisitor<T> = (line: JournalLine<T>) => void;

export interface ScanResult {
  report: RecoveryReport;
  /** Where the intact records end: the length the file must have before the next append. */
  end: number;
  readError: Error | null;
}

/**
 * Replays a log and decides what its damage means. Only the last line may be unfinished
 * (a crash during an append that was never acknowledged): it is reported as a torn tail.
 * A damaged line with records after it cannot come from a crash, so it is corruption and
 * reading stops there rather than skipping records silently.
 */
export async function scanJournal<T>(file: FileHandle, size: number, visit: RecordVisitor<T>): Promise<ScanResult> {
  const report: RecoveryReport = { records: 0, lastSeq: 0, tornTail: null, corruption: null };
  let end = 0;
  let lineNumber = 0;
  const corrupt = (offset: number, reason: string) => {
    report.corruption = { line: lineNumber, offset, reason };
    return false;
  };
  const onLine = (line: Buffer, offset: number, terminated: boolean): boolean => {
    lineNumber++;
    const check = terminated ? checkLine<T>(line) : ({ ok: false, reason: 'no newline at the end' } as const);
    if (!check.ok) {
      const isLast = offset + line.length + (terminated ? 1 : 0) === size;
      if (!isLast) return corrupt(offset, check.reason);
      report.tornTail = { offset, bytes: size - offset };
      return false;
    }
    // A checksummed line out of sequence was written whole, so it is never treated as torn.
    if (check.record.seq !== report.lastSeq + 1) {
      return corrupt(offset, `expected seq ${report.lastSeq + 1}, found ${check.record.seq}`);
    }
    try {
      visit({ record: check.record, bytes: line });
    } catch (error) {
      return corrupt(offset, `record refused: ${(error as Error).message}`);
    }
    report.lastSeq = check.record.seq;
    report.records++;
    end = offset + line.length + 1;
    return true;
  };
  try {
    await readLines(file, size, onLine);
    return { report, end, readError: null };
  } catch (error) {
    return { report, end, readError: error as Error };
  }
}
