import { systemClock, type Clock, type ErrorEntry } from '@companion/schema';
import type { FileValue, ParseResult } from './collections';
import type { ContentIssue } from './issues';
import { hashBytes, listContentFiles, parseFiles } from './load';
import { parseContentFile } from './parse-file';
import { readFiles } from './read-files';
import { buildSnapshot, type ContentSnapshot } from './snapshot';
import { ContentWatcher, type WatchOptions } from './watcher';

export interface ContentStatus {
  loadedAt: number;
  /** Problems of the current files; while any exist, the last good version of each is served. */
  issues: readonly ContentIssue[];
}

/** What one reload changed; only reloads that changed something are reported. */
export interface ReloadReport {
  /** Files whose bytes changed, appeared or vanished, relative to the content folder. */
  files: string[];
  issues: readonly ContentIssue[];
  loadedAt: number;
  durationMs: number;
}

/** One file: the hash of its bytes, what they parsed to, and the last value that parsed cleanly. */
interface FileState {
  hash: string;
  result: ParseResult;
  lastGood: FileValue | null;
}

/**
 * The live content of one folder: the current snapshot plus what each file parsed to, so a
 * change re-parses only the files whose bytes changed and the snapshot is swapped whole.
 */
export class ContentStore {
  private files = new Map<string, FileState>();
  private snapshot: ContentSnapshot;
  private queue: Promise<unknown> = Promise.resolve();
  /** Counts own writes, so a disk read that started before one cannot undo it. */
  private writeSeq = 0;
  private readonly ownWriteSeq = new Map<string, number>();
  private watcher: ContentWatcher | null = null;
  /** Own writes since the last rebuild: a batch of them costs one rebuild, at the next read. */
  private stale = false;

  private constructor(readonly dir: string, private readonly clock: Clock) {
    this.snapshot = buildSnapshot(new Map(), clock.nowMicros());
  }

  static async open(dir: string, clock: Clock = systemClock): Promise<ContentStore> {
    const store = new ContentStore(dir, clock);
    for (const [file, { hash, result }] of await parseFiles(dir, await listContentFiles(dir))) {
      store.files.set(file, { hash, result, lastGood: result.value });
    }
    store.rebuild();
    return store;
  }

  current(): ContentSnapshot {
    if (this.stale) this.rebuild();
    return this.snapshot;
  }

  status(): ContentStatus {
    const { loadedAt, issues } = this.current();
    return { loadedAt, issues };
  }

  /**
   * Records a file the service itself has just written (or removed, with null), so reads
   * reflect it at once and the watcher, finding the same bytes on disk, changes nothing.
   */
  applyOwnWrite(file: string, bytes: Uint8Array | null): void {
    this.ownWriteSeq.set(file, ++this.writeSeq);
    if (this.setFile(file, bytes)) this.stale = true;
  }

  /**
   * Records a catalogue entry the service itself wrote, with the bytes of its file. Minimal
   * stand-in for the O(1) patch the content engine provides: it delegates to applyOwnWrite.
   */
  applyOwnEntry(file: string, _entry: ErrorEntry | null, bytes: Uint8Array | null): void {
    this.applyOwnWrite(file, bytes);
  }

  /** Re-reads `files` from disk, one reload at a time; null when no bytes changed. */
  refresh(files: Iterable<string>): Promise<ReloadReport | null> {
    const batch = [...new Set(files)];
    const seq = this.writeSeq;
    const run = this.queue.then(() => this.reload(batch, seq));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Watches the folder and reloads changed files until close(); resolves once the watcher is
   * ready and the files have been compared with what was loaded.
   */
  async watch(options: WatchOptions = {}): Promise<void> {
    if (this.watcher) throw new Error(`already watching ${this.dir}`);
    this.watcher = await ContentWatcher.start(this.dir, (files) => this.refresh(files), options);
    // A change between the initial load and the watcher being ready raised no event; the
    // hashes tell which files differ, and only those are parsed.
    const report = await this.refresh([...(await listContentFiles(this.dir)), ...this.files.keys()]);
    if (report) options.onReload?.(report);
  }

  /** Stops watching and waits for a reload in progress. */
  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = null;
    await this.queue;
  }

  /** `seq`: own writes counted when the reload was asked for; later ones are newer than the disk read. */
  private async reload(batch: string[], seq: number): Promise<ReloadReport | null> {
    const started = performance.now();
    const bytes = await readFiles(this.dir, batch);
    const changed = batch.filter((file) => (this.ownWriteSeq.get(file) ?? 0) <= seq && this.setFile(file, bytes.get(file) ?? null));
    if (changed.length === 0) return null;
    this.rebuild();
    const { issues, loadedAt } = this.snapshot;
    return { files: changed, issues, loadedAt, durationMs: performance.now() - started };
  }

  /** True when `bytes` differ from what `file` last held. */
  private setFile(file: string, bytes: Uint8Array | null): boolean {
    if (bytes === null) return this.files.delete(file);
    const hash = hashBytes(bytes);
    const previous = this.files.get(file);
    if (previous?.hash === hash) return false;
    const result = parseContentFile(file, bytes);
    this.files.set(file, { hash, result, lastGood: result.value ?? previous?.lastGood ?? null });
    return true;
  }

  private rebuild(): void {
    this.stale = false;
    const results = new Map<string, ParseResult>();
    for (const [file, { result, lastGood }] of this.files) {
      // A file that fails keeps serving its last good value; its issues are still reported.
      results.set(file, result.value || !lastGood ? result : { value: lastGood, issues: result.issues });
    }
    this.snapshot = buildSnapshot(results, this.clock.nowMicros());
  }
}
