import { setImmediate } from 'node:timers/promises';
import { systemClock, type Clock } from '@companion/schema';
import { walkFolder } from './content-folder';
import { ContentModel, type FileInput } from './content-model';
import { toFileInput } from './file-input';
import type { ContentIssue } from './issues';
import { ContentReader, symlinkIssue } from './read-files';
import type { ContentSnapshot } from './snapshot';
import { contentFormatIssue } from './content-format';

export interface LoadResult {
  snapshot: ContentSnapshot;
  issues: readonly ContentIssue[];
}

/** Everything found under a folder of the content folder: each file's input, each folder. */
export interface FolderScan {
  /** What was read: every listed file but those `unchanged` said need not be. */
  inputs: Map<string, FileInput>;
  /** Every file and link listed. */
  files: string[];
  folders: string[];
  /** Files a shortage of descriptors or memory kept from being read (see FileRead `busy`). */
  busy: string[];
}

/**
 * Lists `sub` and reads every file in it once: the one pass start-up makes (`blocking` there,
 * before anything is served: cheaper per file). Listing again, `unchanged` skips files whose
 * stamp says they are as read. Links are problems of their path; a file that vanishes between
 * listing and reading is simply not content.
 */
export async function scanFolder(
  dir: string,
  reader: ContentReader,
  options: { sub?: string; onFolder?: (folder: string) => void; blocking?: boolean; unchanged?: (file: string) => boolean } = {},
): Promise<FolderScan> {
  const listing = await walkFolder(dir, options.sub ?? '', options.onFolder);
  const inputs = new Map<string, FileInput>();
  for (const link of listing.links) inputs.set(link, { hash: 'link', parsed: { value: null, issues: [symlinkIssue(link)] } });
  const toRead = options.unchanged ? await changedFiles(listing.files, options.unchanged) : listing.files;
  const reads = options.blocking ? toRead.map((file) => [file, reader.readSync(file)] as const) : await reader.readAll(toRead);
  const busy: string[] = [];
  for (const [file, read] of reads) {
    if (read.kind === 'busy') busy.push(file);
    const input = toFileInput(file, read);
    if (input) inputs.set(file, input);
  }
  return { inputs, files: [...listing.files, ...listing.links], folders: listing.folders, busy };
}

/** Files stat'ed between two turns of the event loop: a listing again never holds requests up long. */
const STAT_SLICE = 256;

/** The files `unchanged` (one lstat each) does not vouch for, in slices that let requests in between. */
async function changedFiles(files: readonly string[], unchanged: (file: string) => boolean): Promise<string[]> {
  const changed: string[] = [];
  for (let start = 0; start < files.length; start += STAT_SLICE) {
    if (start > 0) await setImmediate();
    for (let i = start; i < Math.min(start + STAT_SLICE, files.length); i++) if (!unchanged(files[i]!)) changed.push(files[i]!);
  }
  return changed;
}

/**
 * Loads a whole content folder: every valid file in the snapshot, every problem in `issues`.
 * Files that claim the same id, Flag or version all carry the problem, each naming the others.
 */
export async function load(dir: string, clock: Clock = systemClock): Promise<LoadResult> {
  const { inputs, folders, busy } = await scanFolder(dir, await ContentReader.open(dir), { blocking: true });
  // A one-off load has no later reload: a shortage that outlasted the wait is reported.
  for (const file of busy) {
    const issue: ContentIssue = { file, line: 1, column: 1, code: 'FILE_UNREADABLE', message: 'expected a readable file; found the system short of file descriptors or memory for 10 s (EMFILE, ENFILE, ENOMEM or EAGAIN: run again)' };
    inputs.set(file, { hash: issue.message, parsed: { value: null, issues: [issue] } });
  }
  const model = new ContentModel(clock.nowMicros());
  const snapshot = model.apply(inputs, new Set(folders), clock.nowMicros()) ?? model.current();
  const format = contentFormatIssue(dir);
  return { snapshot, issues: format ? [format, ...snapshot.issues] : snapshot.issues };
}
