import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from 'node:fs';
import { open, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentIssue, IssueCode } from './issues';

/** The largest content file read: far above any real notice or entry, far below a memory risk. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Files read blocking by readAll; more go to the thread pool. */
const BLOCKING_READS = 32;

/**
 * What reading one path found: bytes, nothing, a folder, a problem reported on the path, or a
 * shortage of the system's (`busy`: the path is read again later, and nothing is reported).
 */
export type FileRead =
  | { kind: 'file'; bytes: Uint8Array; stamp: number }
  | { kind: 'missing' }
  | { kind: 'folder' }
  | { kind: 'problem'; issue: ContentIssue }
  | { kind: 'busy'; code: string };

/**
 * Errors that say the system is short of something for a moment (descriptors, memory), not that
 * the file has a problem: the read is tried again until they clear.
 */
const TEMPORARY_CODES: ReadonlySet<string> = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'EAGAIN']);
export const isTemporary = (error: unknown): boolean => TEMPORARY_CODES.has((error as NodeJS.ErrnoException | null)?.code ?? '');

/** How long a blocking read (start-up, content:check) keeps trying through a shortage. */
const BLOCKING_RETRY_MS = 10_000;
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * What a listing again compares to tell an untouched file without reading it (as git's index
 * does): modification time in microseconds, size and inode, folded exactly into one number.
 */
export const stampOf = (info: { mtimeMs: number; size: number; ino: number }): number =>
  (Math.floor(info.mtimeMs * 1000) % 2 ** 31) * 2 ** 21 + ((info.size + info.ino) % 2 ** 21);

const problem = (file: string, code: IssueCode, message: string): FileRead => ({ kind: 'problem', issue: { file, line: 1, column: 1, code, message } });
const tooLarge = (file: string, size: number, maxBytes: number) =>
  problem(file, 'FILE_TOO_LARGE', `expected at most ${maxBytes / 1024} KiB; found ${Math.ceil(size / 1024)} KiB (split the content or link to it)`);
export const symlinkIssue = (file: string): ContentIssue => ({
  file,
  line: 1,
  column: 1,
  code: 'SYMLINK_NOT_FOLLOWED',
  message: 'expected a file or folder; found a symbolic link (links are never followed: put the content itself in the content folder)',
});

// O_NOFOLLOW refuses a link in the last component; O_NONBLOCK keeps a FIFO from blocking the open.
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads content files under one folder without ever reading outside it: the file is opened
 * without following a link, checked with fstat on the open descriptor, and (where /proc is there)
 * the descriptor's real path is checked to lie inside the folder, so a folder on the way swapped
 * for a link between listing and reading is caught too.
 */
export class ContentReader {
  private constructor(
    private readonly dir: string,
    /** The folder's real path with a trailing separator, or null where /proc cannot tell. */
    private readonly realPrefix: string | null,
  ) {}

  static async open(dir: string): Promise<ContentReader> {
    const real = await realpath(dir).catch(() => null);
    // Whether /proc tells a descriptor's path, tried on the folder itself (stdin may be closed).
    const handle = await open(dir, constants.O_RDONLY).catch(() => null);
    const told = handle ? await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null) : null;
    await handle?.close();
    return new ContentReader(dir, real && told === real ? `${real}/` : null);
  }

  async read(file: string, maxBytes = MAX_FILE_BYTES): Promise<FileRead> {
    let handle;
    try {
      handle = await open(join(this.dir, file), FLAGS);
    } catch (error) {
      return this.openFailed(file, error);
    }
    try {
      const info = await handle.stat();
      if (info.isDirectory()) return { kind: 'folder' };
      if (!info.isFile()) return problem(file, 'NOT_A_REGULAR_FILE', 'expected a regular file; found a device, pipe or socket');
      if (this.realPrefix && !(await readlink(`/proc/self/fd/${handle.fd}`)).startsWith(this.realPrefix)) {
        return { kind: 'problem', issue: symlinkIssue(file) };
      }
      if (info.size > maxBytes) return tooLarge(file, info.size, maxBytes);
      const bytes = await handle.readFile();
      return bytes.length > maxBytes ? tooLarge(file, bytes.length, maxBytes) : { kind: 'file', bytes, stamp: stampOf(info) };
    } catch (error) {
      return this.readFailed(file, error);
    } finally {
      await handle.close();
    }
  }

  /**
   * The same read, blocking: for start-up, before anything is served, where a file costs a few
   * system calls instead of a promise and a thread-pool round trip for each. A shortage is waited
   * out (backing off) for up to BLOCKING_RETRY_MS before the path is answered `busy`.
   */
  readSync(file: string, maxBytes = MAX_FILE_BYTES): FileRead {
    let read = this.readOnceSync(file, maxBytes);
    for (let waited = 0, wait = 5; read.kind === 'busy' && waited < BLOCKING_RETRY_MS; waited += wait, wait = Math.min(wait * 2, 1000)) {
      sleepSync(wait);
      read = this.readOnceSync(file, maxBytes);
    }
    return read;
  }

  private readOnceSync(file: string, maxBytes: number): FileRead {
    let fd: number;
    try {
      fd = openSync(join(this.dir, file), FLAGS);
    } catch (error) {
      return this.openFailed(file, error);
    }
    try {
      const info = fstatSync(fd);
      if (info.isDirectory()) return { kind: 'folder' };
      if (!info.isFile()) return problem(file, 'NOT_A_REGULAR_FILE', 'expected a regular file; found a device, pipe or socket');
      if (this.realPrefix && !readlinkSync(`/proc/self/fd/${fd}`).startsWith(this.realPrefix)) return { kind: 'problem', issue: symlinkIssue(file) };
      if (info.size > maxBytes) return tooLarge(file, info.size, maxBytes);
      // One byte more than the limit tells a file that grew since fstat.
      const bytes = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
      let length = 0;
      for (let n; length < bytes.length && (n = readSync(fd, bytes, length, bytes.length - length, null)) > 0; ) length += n;
      return length > maxBytes ? tooLarge(file, length, maxBytes) : { kind: 'file', bytes: bytes.subarray(0, length), stamp: stampOf(info) };
    } catch (error) {
      return this.readFailed(file, error);
    } finally {
      closeSync(fd);
    }
  }

  private readFailed(file: string, error: unknown): FileRead {
    const code = (error as NodeJS.ErrnoException).code;
    if (isTemporary(error)) return { kind: 'busy', code: code! };
    return problem(file, 'FILE_UNREADABLE', `expected a readable file; found ${code ?? 'an error'} when reading it`);
  }

  private openFailed(file: string, error: unknown): FileRead {
    const code = (error as NodeJS.ErrnoException).code;
    if (isTemporary(error)) return { kind: 'busy', code: code! };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'ELOOP') return { kind: 'problem', issue: symlinkIssue(file) };
    // A socket cannot be opened at all.
    if (code === 'ENXIO') return problem(file, 'NOT_A_REGULAR_FILE', 'expected a regular file; found a device, pipe or socket');
    return problem(file, 'FILE_UNREADABLE', `expected a readable file; found ${code ?? 'an error'} when opening it`);
  }

  /**
   * Reads `files`: a few dozen (what a burst of watcher events names: files just written, in the page cache)
   * blocking, since a few system calls cost the main thread less than a promise chain and six
   * thread-pool round trips per file; more with bounded parallelism.
   */
  async readAll(files: readonly string[], parallel = 32): Promise<Map<string, FileRead>> {
    const reads = new Map<string, FileRead>();
    if (files.length <= BLOCKING_READS) {
      // One attempt each: a shortage is retried later by the store, never waited out here.
      for (const file of files) reads.set(file, this.readOnceSync(file, MAX_FILE_BYTES));
      return reads;
    }
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        reads.set(file, await this.read(file));
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, worker));
    return reads;
  }
}
