import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '@companion/schema';
import { ContentFolderError } from './content-folder';
import { contentFormatIssue } from './content-format';
import { ContentModel, REQUIRED_FOLDERS, type FileInput } from './content-model';
import { hashBytes, toFileInput } from './file-input';
import type { ErrorOverlay } from './snapshot-patch';
import type { ContentIssue } from './issues';
import { scanFolder } from './load';
import { ContentReader, isTemporary, stampOf } from './read-files';
import type { ContentSnapshot } from './snapshot';
import { ContentWatcher, type ReloadReport, type WatchOptions } from './watcher';

/** The first pause before reading again paths a shortage kept from being read, and the longest. */
const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 2000;

export interface ContentStatus {
  loadedAt: number;
  /** Problems of the current files; while any exist, the last good version of each is served. */
  issues: readonly ContentIssue[];
  /** The periodic comparison of the folders with what was read; null while it does not run. */
  reconciliation: ReconciliationStatus | null;
}

/** When the folders were last compared with what was read, and what that found. */
export interface ReconciliationStatus {
  intervalMs: number;
  /** The length of the kernel's event queue the watcher's overflow guard is derived from. */
  eventQueue: number;
  /** Microseconds since the epoch; null before the first run. */
  lastRunAt: number | null;
  durationMs: number;
  /** Files that differed from what was read (missed events, or events still pending), the first 20 named. */
  found: number;
  files: string[];
}

/**
 * The live content of one folder. A change re-reads only the paths that changed and patches the
 * snapshot (see ContentModel); the folders are watched from the moment the store opens, so
 * nothing changed between the initial listing and `watch()` is missed and getting ready costs no
 * second pass over the files.
 */
export class ContentStore {
  private readonly model: ContentModel;
  private readonly folders = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private watching = false;
  private watchOptions: WatchOptions = {};
  private closed = false;
  /** Paths a shortage of descriptors or memory kept from being read: read again, backing off. */
  private readonly busy = new Set<string>();
  private busyTimer: NodeJS.Timeout | undefined;
  private busyDelayMs = FIRST_RETRY_MS;
  private reconciliation: ReconciliationStatus | null = null;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<unknown> | undefined;
  /** Set while the folder declares a content format newer than this code reads: nothing is reloaded meanwhile. */
  private held: ContentIssue | null = null;

  private constructor(
    readonly dir: string,
    private readonly clock: Clock,
    private readonly reader: ContentReader,
    private readonly watcher: ContentWatcher,
  ) {
    this.model = new ContentModel(clock.nowMicros());
  }

  static async open(dir: string, clock: Clock = systemClock): Promise<ContentStore> {
    // Content written for a newer service is not loaded into this one at all (a release's code and content start together).
    const format = contentFormatIssue(dir);
    if (format) throw new ContentFolderError(`CONTENT_DIR ${dir}: ${format.file}: ${format.message.replace(/(: the content loaded before stays served,| \(the content served).*$/, '')}`);
    const store = new ContentStore(dir, clock, await ContentReader.open(dir), new ContentWatcher(dir));
    try {
      const { inputs, folders, busy } = await scanFolder(dir, store.reader, { onFolder: (folder) => store.watcher.add(folder), blocking: true });
      for (const folder of folders) store.folders.add(folder);
      store.model.apply(inputs, store.folders, clock.nowMicros());
      store.retryLater(busy);
    } catch (error) {
      await store.watcher.close();
      throw error;
    }
    return store;
  }

  current(): ContentSnapshot {
    return this.model.current();
  }

  status(): ContentStatus {
    const { loadedAt, issues } = this.current();
    return { loadedAt, issues: this.held ? [this.held, ...issues] : issues, reconciliation: this.reconciliation };
  }

  /**
   * Lists every folder again and compares each file's modification time, size and inode with
   * those read (a stat each; only files that differ are read), re-watching any folder whose watch
   * was lost. Heals whatever events were missed (an overflowed queue, a change made through a
   * hard link from outside the folder). Runs every `reconcileMs` while watching.
   */
  async reconcile(): Promise<ReconciliationStatus> {
    const started = performance.now();
    const report = await this.refresh(['']);
    if (report) this.watchOptions.onReload?.(report);
    this.reconciliation = {
      intervalMs: this.watchOptions.reconcileMs ?? 0,
      eventQueue: this.watcher.eventQueue,
      lastRunAt: this.clock.nowMicros(),
      durationMs: performance.now() - started,
      found: report?.files.length ?? 0,
      files: report?.files.slice(0, 20) ?? [],
    };
    return this.reconciliation;
  }

  /**
   * Serves the catalogue through `overlay` (the API's changes merged with the files) from now on,
   * resolving the Flags it knows at once. Every later snapshot resolves each Flag whose file
   * changes through it; `resolveErrors` is how the overlay says its own state of Flags changed.
   */
  setErrorOverlay(overlay: ErrorOverlay): void {
    this.model.setOverlay(overlay, overlay.flags(), this.clock.nowMicros());
  }

  /** Resolves `flags` again (the overlay's state of them changed), in one snapshot, in time independent of the catalogue's size. */
  resolveErrors(flags: Iterable<string>): void {
    this.model.resolveAgain(flags, this.clock.nowMicros());
  }

  /** Re-reads `paths` (files, or folders to list again) from disk, one reload at a time; null when nothing changed. */
  refresh(paths: Iterable<string>): Promise<ReloadReport | null> {
    const batch = [...new Set(paths)];
    const run = this.queue.then(() => this.reload(batch));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Reloads changed paths until close(). */
  async watch(options: WatchOptions = {}): Promise<void> {
    if (this.watching) throw new Error(`already watching ${this.dir}`);
    this.watching = true;
    this.watchOptions = options;
    this.watcher.start((paths) => this.refresh(paths), options);
    const every = options.reconcileMs ?? 0;
    if (every <= 0) return;
    this.reconciliation = { intervalMs: every, eventQueue: this.watcher.eventQueue, lastRunAt: null, durationMs: 0, found: 0, files: [] };
    this.reconcileTimer = setInterval(() => {
      if (this.reconciling) return; // a slow run is not stacked on itself
      this.reconciling = this.reconcile()
        .catch((error: unknown) => this.watchOptions.onError?.(error instanceof Error ? error : new Error(String(error))))
        .finally(() => (this.reconciling = undefined));
    }, every);
    this.reconcileTimer.unref(); // a store never closed must not keep the process alive
  }

  /** Stops watching and retrying, and waits for a reload in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.busyTimer);
    clearInterval(this.reconcileTimer);
    await this.watcher.close();
    await this.queue;
  }

  /**
   * Reads `paths` again after a pause that doubles while the shortage lasts (up to
   * MAX_RETRY_MS): until then they keep what they served, and no problem is reported for them.
   */
  private retryLater(paths: Iterable<string>): void {
    for (const path of paths) this.busy.add(path);
    if (this.closed || this.busy.size === 0 || this.busyTimer) return;
    this.busyTimer = setTimeout(() => {
      this.busyTimer = undefined;
      const batch = [...this.busy];
      this.busy.clear();
      this.refresh(batch).then(
        (report) => report && this.watchOptions.onReload?.(report),
        (error: unknown) => this.watchOptions.onError?.(error instanceof Error ? error : new Error(String(error))),
      );
    }, this.busyDelayMs);
    this.busyTimer.unref(); // a store never closed must not keep the process alive
    this.busyDelayMs = Math.min(this.busyDelayMs * 2, MAX_RETRY_MS);
  }

  private async reload(requested: string[]): Promise<ReloadReport | null> {
    const started = performance.now();
    // Checked before every reload, not on its own file's events: a pull that raises the format
    // writes .format first (path order), so no content file of it is read before the check.
    let format;
    try {
      format = contentFormatIssue(this.dir);
    } catch (error) {
      // A shortage of descriptors: the whole batch is read again once it passes, as any busy path.
      if (!isTemporary(error)) throw error;
      this.retryLater(requested);
      return null;
    }
    if (format) {
      const first = this.held?.message !== format.message;
      this.held = format;
      if (first) this.watchOptions.onHold?.(format);
      return null;
    }
    // Released (the checkout went back, or a format this code reads): whatever changed meanwhile, read in one pass.
    const batch = this.held ? [''] : requested;
    this.held = null;
    const inputs = new Map<string, FileInput | null>();
    let foldersChanged = false;
    // A file whose stamp is the one read is not read again.
    const unchanged = new Set(batch.filter((path) => path !== '' && this.unchanged(path)));
    const reads = await this.reader.readAll(batch.filter((path) => path !== '' && !unchanged.has(path)));
    const busy: string[] = [];
    for (const path of batch) {
      if (unchanged.has(path)) continue;
      const read = reads.get(path) ?? { kind: 'folder' as const };
      if (read.kind === 'busy') {
        busy.push(path);
      } else if (read.kind === 'file' || read.kind === 'problem') {
        foldersChanged = this.forgetFolder(path, inputs) || foldersChanged;
        // The bytes the model holds already: nothing to parse.
        const hash = read.kind === 'file' ? hashBytes(read.bytes) : undefined;
        if (hash !== undefined && hash === this.model.hashOf(path)) continue;
        inputs.set(path, toFileInput(path, read, hash));
      } else if (read.kind === 'missing') {
        foldersChanged = this.forgetFolder(path, inputs) || foldersChanged;
        inputs.set(path, null);
      } else {
        // A folder that appeared (or was moved in, its files raising no events), or one to list again.
        let scan;
        try {
          scan = await scanFolder(this.dir, this.reader, { sub: path, onFolder: (folder) => this.watcher.add(folder), unchanged: (file) => this.unchanged(file) });
        } catch (error) {
          if (!isTemporary(error)) throw error;
          busy.push(path);
          continue;
        }
        busy.push(...scan.busy);
        const listed = new Set(scan.files);
        const found = new Set(scan.folders);
        for (const file of this.model.filesUnder(path)) if (!listed.has(file) && !this.keptWhileMissing(file, found)) inputs.set(file, null);
        for (const [file, input] of scan.inputs) inputs.set(file, input);
        if (path !== '' && this.model.hashOf(path) !== undefined) inputs.set(path, null);
        for (const folder of this.folders) {
          if ((path === '' || folder.startsWith(`${path}/`)) && !found.has(folder)) foldersChanged = this.forgetFolder(folder, inputs) || foldersChanged;
        }
        for (const folder of [path, ...scan.folders]) {
          if (folder === '' || this.folders.has(folder)) continue;
          this.folders.add(folder);
          foldersChanged = true;
        }
      }
    }
    if (busy.length === 0) this.busyDelayMs = FIRST_RETRY_MS;
    this.retryLater(busy);
    const changed = new Map<string, FileInput | null>();
    for (const [file, input] of inputs) {
      if (input?.hash !== this.model.hashOf(file)) changed.set(file, input);
    }
    if (changed.size === 0 && !foldersChanged) return null;
    const snapshot = this.model.apply(changed, foldersChanged ? this.folders : null, this.clock.nowMicros());
    if (!snapshot) return null;
    return { files: [...changed.keys()], issues: snapshot.issues, loadedAt: snapshot.loadedAt, durationMs: performance.now() - started };
  }

  /** Whether `file` has the stamp it had when read or written: one lstat instead of a read (a stat is microseconds, so blocking). */
  private unchanged(file: string): boolean {
    const known = this.model.stampOf(file);
    if (!known) return false;
    let info;
    try {
      info = lstatSync(join(this.dir, file), { throwIfNoEntry: false });
    } catch {
      return false; // read, and reported as whatever reading finds
    }
    return info !== undefined && info.isFile() && stampOf(info) === known;
  }

  /**
   * `path` is no longer a folder: it is no longer watched, and its files are gone, except those
   * of a collection folder (notices/, errors/, changelog/...): a missing one is reported
   * (FOLDER_MISSING) and its last content stays served until it comes back and is listed again.
   */
  private forgetFolder(path: string, inputs: Map<string, FileInput | null>): boolean {
    if (!this.folders.has(path)) return false;
    this.watcher.remove(path);
    for (const folder of this.folders) if (folder === path || folder.startsWith(`${path}/`)) this.folders.delete(folder);
    for (const file of this.model.filesUnder(path)) if (!this.keptWhileMissing(file, this.folders)) inputs.set(file, null);
    return true;
  }

  /** Whether `file` lies in a collection folder missing from `folders`: kept, not gone. */
  private keptWhileMissing(file: string, folders: ReadonlySet<string>): boolean {
    return REQUIRED_FOLDERS.some((folder) => file.startsWith(`${folder}/`) && !folders.has(folder));
  }
}
