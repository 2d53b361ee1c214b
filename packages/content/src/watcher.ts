import { relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { ReloadReport } from './content-store';
import { isContentPath } from './content-path';

export interface WatchOptions {
  /** Quiet time after the last change before reloading, so a burst of saves is one reload. */
  debounceMs?: number;
  /** Called after each reload that changed the content. */
  onReload?: (report: ReloadReport) => void;
  /** Called when watching or reloading fails; the current content keeps being served. */
  onError?: (error: Error) => void;
}

type Reload = (files: readonly string[]) => Promise<ReloadReport | null>;

export const DEFAULT_DEBOUNCE_MS = 100;

/**
 * Turns file-system events under a content folder into reloads: changed paths are collected,
 * a quiet period ends the burst, and one reload runs at a time (paths that change meanwhile
 * wait for the next). A steady stream of changes still reloads every `10 x debounceMs`.
 */
export class ContentWatcher {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private burstStartedAt: number | undefined;
  private inFlight: Promise<void> | undefined;
  private flushAgain = false;
  private closed = false;
  private readonly debounceMs: number;

  private constructor(
    private readonly fsWatcher: FSWatcher,
    private readonly reload: Reload,
    private readonly options: WatchOptions,
  ) {
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  }

  /** Starts watching `dir` (folders, filtered in code: chokidar 4 has no globs); resolves when ready. */
  static async start(dir: string, reload: Reload, options: WatchOptions): Promise<ContentWatcher> {
    const toFile = (path: string) => relative(dir, path).split(sep).join('/');
    const fsWatcher = watch(dir, {
      ignoreInitial: true,
      // Hidden folders (.git) and editor files are never watched, which also saves watches.
      ignored: (path, stats) => {
        const file = toFile(path);
        if (file.split('/').some((part) => part.startsWith('.'))) return true;
        return stats?.isFile() === true && !isContentPath(file);
      },
    });
    const watcher = new ContentWatcher(fsWatcher, reload, options);
    fsWatcher.on('all', (event, path) => {
      const file = toFile(path);
      // An atomic save (unlink + add) is a change like any other: the reload reads what is there.
      if ((event === 'add' || event === 'change' || event === 'unlink') && isContentPath(file)) watcher.enqueue(file);
    });
    fsWatcher.on('error', (error) => options.onError?.(error instanceof Error ? error : new Error(String(error))));
    await new Promise<void>((resolve) => fsWatcher.once('ready', resolve));
    return watcher;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
    await this.fsWatcher.close();
    await this.inFlight;
  }

  private enqueue(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    this.burstStartedAt ??= Date.now();
    const untilCap = this.burstStartedAt + 10 * this.debounceMs - Date.now();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), Math.max(0, Math.min(this.debounceMs, untilCap)));
  }

  private flush(): void {
    this.timer = undefined;
    this.burstStartedAt = undefined;
    if (this.inFlight) {
      this.flushAgain = true;
      return;
    }
    const batch = [...this.pending];
    this.pending.clear();
    if (batch.length === 0) return;
    this.inFlight = this.reload(batch)
      .then((report) => {
        if (report) this.options.onReload?.(report);
      })
      .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.inFlight = undefined;
        if (this.flushAgain) {
          this.flushAgain = false;
          this.flush();
        }
      });
  }
}
