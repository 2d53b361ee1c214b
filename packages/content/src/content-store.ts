import { systemClock, type Clock } from '@companion/schema';
import type { ParseResult } from './collections';
import type { ContentIssue } from './issues';
import { hashBytes, listContentFiles, parseFiles, type ParsedFile } from './load';
import { parseContentFile } from './parse-file';
import { buildSnapshot, type ContentSnapshot } from './snapshot';

export interface ContentStatus {
  loadedAt: number;
  /** Problems of the current files; while any exist, the last good version of each is served. */
  issues: readonly ContentIssue[];
}

/**
 * The live content of one folder: the current snapshot plus what each file parsed to, so a
 * change re-parses only the files whose bytes changed and the snapshot is swapped whole.
 */
export class ContentStore {
  private files = new Map<string, ParsedFile>();
  private snapshot: ContentSnapshot;

  private constructor(readonly dir: string, private readonly clock: Clock) {
    this.snapshot = buildSnapshot(new Map(), clock.nowMicros());
  }

  static async open(dir: string, clock: Clock = systemClock): Promise<ContentStore> {
    const store = new ContentStore(dir, clock);
    store.files = await parseFiles(dir, await listContentFiles(dir));
    store.rebuild();
    return store;
  }

  current(): ContentSnapshot {
    return this.snapshot;
  }

  status(): ContentStatus {
    return { loadedAt: this.snapshot.loadedAt, issues: this.snapshot.issues };
  }

  /**
   * Records a file the service itself has just written (or removed, with null), so reads
   * reflect it at once and the watcher will not treat it as a foreign change.
   */
  applyOwnWrite(file: string, bytes: Uint8Array | null): void {
    this.setFile(file, bytes);
    this.rebuild();
  }

  /** True when `bytes` differ from what `file` last held. */
  private setFile(file: string, bytes: Uint8Array | null): boolean {
    if (bytes === null) return this.files.delete(file);
    const hash = hashBytes(bytes);
    if (this.files.get(file)?.hash === hash) return false;
    this.files.set(file, { hash, result: parseContentFile(file, bytes) });
    return true;
  }

  private rebuild(): void {
    const results = new Map<string, ParseResult>();
    for (const [file, state] of this.files) results.set(file, state.result);
    this.snapshot = buildSnapshot(results, this.clock.nowMicros());
  }
}
