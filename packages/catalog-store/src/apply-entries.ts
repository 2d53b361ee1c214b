import { syncDirectory } from '@companion/journal';
import type { ErrorEntry } from '@companion/schema';
import { removeEntryFile, writeEntryFile } from './entry-file';

/** The state each touched Flag must end in: its entry, or null when it is gone. */
export type EntryStates = ReadonlyMap<string, ErrorEntry | null>;

/** Makes the files say `states`, then syncs the folder once so every rename and removal lasts. */
export async function applyEntryStates(errorsDir: string, states: EntryStates): Promise<void> {
  // Different Flags touch different files, so they may be written side by side; every write is
  // let finish before a failure is reported, so none is still running once the batch is refused.
  const results = await Promise.allSettled([...states].map(([flag, entry]) => (entry ? writeEntryFile(errorsDir, entry) : removeEntryFile(errorsDir, flag))));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  await syncDirectory(errorsDir);
}

/** Told to the service once a change's file is durable, so its reads reflect it at once. */
export interface AppliedChange {
  flag: string;
  /** The entry now on disk, or null when the Flag was deleted. */
  entry: ErrorEntry | null;
  /** The entry's file path (`<errorsDir>/<Flag>.yaml`), present or removed. */
  file: string;
}
