import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { isContentPath } from './content-path';
import type { ContentIssue } from './issues';

/** What one reload changed; only reloads that changed something are reported. */
export interface ReloadReport {
  /** Files whose bytes changed, appeared or vanished, relative to the content folder. */
  files: string[];
  issues: readonly ContentIssue[];
  loadedAt: number;
  durationMs: number;
}

export interface WatchOptions {
  /** Quiet time after the last change before reloading, so a burst of saves is one reload. */
  debounceMs?: number;
  /** Called after each reload that changed the content. */
  onReload?: (report: ReloadReport) => void;
  /** Called when watching or reloading fails; the current content keeps being served. */
  onError?: (error: Error) => void;
  /**
   * Called when the folder starts declaring a content format newer than this code reads
   * (CONTENT_FORMAT_TOO_NEW) or no readable format: reloads stop, the content loaded before stays
   * served, and status() lists the problem first until the folder declares a format this code reads.
   */
  onHold?: (problem: ContentIssue) => void;
  /**
   * Every this many milliseconds, list the folders again and compare each file's modification
   * time, size and inode with those read (stat only; a file is read only when they differ), so a
   * change whose event was lost is served within this bound. 0: never.
   */
  reconcileMs?: number;
}

/** Reloads paths: files, or folders to list again. */
type Reload = (paths: readonly string[]) => Promise<ReloadReport | null>;

export const DEFAULT_DEBOUNCE_MS = 100;
/** The kernel's default inotify queue length, assumed where /proc cannot tell. */
const DEFAULT_EVENT_QUEUE = 16_384;

/**
 * The length of the kernel's inotify event queue (`fs.inotify.max_queued_events`), as a new
 * watch gets it: the queue is sized when it is made, so it is read when the watcher opens.
 */
export function kernelEventQueue(): number {
  try {
    const length = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    return Number.isSafeInteger(length) && length > 0 ? length : DEFAULT_EVENT_QUEUE;
  } catch {
    return DEFAULT_EVENT_QUEUE;
  }
}

/**
 * Turns file-system events under a content folder into reloads. Each folder is watched on its
 * own, non-recursively (the tree is shallow and known: a handful of watches, whatever the number
 * of files, and no scan to get ready). Changed paths are collected, a quiet period ends the burst,
 * and one reload runs at a time (paths that change meanwhile wait for the next). A steady stream
 * of changes still reloads every `10 x debounceMs`. Events arriving before `start` are kept.
 */
export class ContentWatcher {
  private readonly watches = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private readonly eventsPerFolder = new Map<string, number>();
  /** Events from all folders in the current burst. */
  private events = 0;
  private timer: NodeJS.Timeout | undefined;
  private burstStartedAt: number | undefined;
  private inFlight: Promise<void> | undefined;
  private flushAgain = false;
  private closed = false;
  private reload: Reload | null = null;
  private options: WatchOptions = {};
  /** The kernel's event queue length, read when the watcher opens. */
  readonly eventQueue = kernelEventQueue();
  /**
   * Events from one folder within one burst beyond which the folder is listed again instead: the
   * queue (shared by every folder) may have overflowed, which Node does not report. A quarter of
   * the queue for one folder, half of it from all folders (then everything is listed again).
   */
  private readonly rescanAfter = Math.max(1, Math.floor(this.eventQueue / 4));
  private readonly rescanAllAfter = Math.max(1, Math.floor(this.eventQueue / 2));

  constructor(private readonly dir: string) {}

  /** Watches one folder (relative to the content folder; '' for itself) until it goes or close(). */
  add(folder: string): void {
    if (this.closed || this.watches.has(folder)) return;
    let fsWatcher: FSWatcher;
    try {
      // Not persistent: an open store that is never closed must not keep the process alive.
      fsWatcher = watch(join(this.dir, folder), { persistent: false }, (_event, name) => this.onEvent(folder, name));
    } catch (error) {
      // A folder gone before it could be watched is reported by its parent's event.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.fail(error);
      return;
    }
    fsWatcher.on('error', (error) => {
      this.remove(folder);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.fail(error);
    });
    this.watches.set(folder, fsWatcher);
  }

  /** Stops watching `folder` and every folder under it. */
  remove(folder: string): void {
    for (const [watched, fsWatcher] of this.watches) {
      if (watched === folder || (folder === '' ? true : watched.startsWith(`${folder}/`))) {
        fsWatcher.close();
        this.watches.delete(watched);
      }
    }
  }

  /** Folders watched now. */
  folders(): string[] {
    return [...this.watches.keys()];
  }

  /** Starts reloading; events seen since the watcher was made are reloaded at once. */
  start(reload: Reload, options: WatchOptions): void {
    this.reload = reload;
    this.options = options;
    if (this.pending.size > 0) this.flush();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
    this.remove('');
    await this.inFlight;
  }

  private onEvent(folder: string, name: string | Buffer | null): void {
    if (this.closed) return;
    const events = (this.eventsPerFolder.get(folder) ?? 0) + 1;
    this.eventsPerFolder.set(folder, events);
    if (++this.events > this.rescanAllAfter) {
      this.eventsPerFolder.set('', this.rescanAfter + 1);
      this.enqueue('');
      return;
    }
    if (name === null || events > this.rescanAfter) {
      this.enqueue(folder);
      return;
    }
    const path = folder === '' ? String(name) : `${folder}/${String(name)}`;
    // An atomic save (temp file renamed over the original) is a change like any other.
    if (isContentPath(path)) this.enqueue(path);
  }

  private enqueue(path: string): void {
    this.pending.add(path);
    if (this.reload) this.schedule();
  }

  private schedule(): void {
    const debounceMs = this.options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.burstStartedAt ??= Date.now();
    const untilCap = this.burstStartedAt + 10 * debounceMs - Date.now();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), Math.max(0, Math.min(debounceMs, untilCap)));
  }

  private fail(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  private flush(): void {
    this.timer = undefined;
    this.burstStartedAt = undefined;
    if (this.inFlight) {
      this.flushAgain = true;
      return;
    }
    // A rescanned folder covers every path under it.
    const folders = [...this.eventsPerFolder].filter(([, n]) => n > this.rescanAfter).map(([folder]) => folder);
    this.eventsPerFolder.clear();
    this.events = 0;
    const batch = [...this.pending].filter((path) => !folders.some((f) => path !== f && (f === '' || path.startsWith(`${f}/`))));
    this.pending.clear();
    if (batch.length === 0 || !this.reload) return;
    this.inFlight = this.reload(batch)
      .then((report) => {
        if (report) this.options.onReload?.(report);
      })
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        this.inFlight = undefined;
        if (this.flushAgain) {
          this.flushAgain = false;
          this.flush();
        }
      });
  }
}
