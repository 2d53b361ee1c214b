import { open } from 'node:fs/promises';
import { scanJournal, type JournalLine } from '@companion/journal';
import { CommandRefusal } from '../cli/database-command';

/** The records of a journal file, read only (a torn last line is left out, as the service would). */
export async function readJournal<T>(path: string): Promise<JournalLine<T>['record'][]> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return [];
  try {
    const records: JournalLine<T>['record'][] = [];
    const { size } = await handle.stat();
    const { report, readError } = await scanJournal<T>(handle, size, (line) => records.push(line.record));
    if (readError) throw readError;
    if (report.corruption) throw new CommandRefusal(`${path} is damaged at line ${report.corruption.line} (${report.corruption.reason}): repair it first (the service reports the same at start-up)`);
    return records;
  } finally {
    await handle.close();
  }
}

