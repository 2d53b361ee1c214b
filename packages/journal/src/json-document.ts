import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from './replace-file';
import { syncDirectory } from './sync-directory';

/** A JSON file of DATA_DIR held in memory: read at open, replaced whole at each change. */
export interface JsonDocument<T> {
  /** The document as last written (do not change it: `write` works on a copy). */
  read(): T;
  /**
   * Applies `change` to a copy and makes it durable (temp file, fsync, rename, folder fsync)
   * before it becomes the truth: a failed write changes nothing. One write at a time.
   */
  write<R>(change: (copy: T) => R): Promise<R>;
  /** Resolves once the writes queued so far are done. */
  settled(): Promise<void>;
}

/**
 * One box has one process on its DATA_DIR (the data lock), so memory is the truth between writes
 * and the file is what a restart reads. A missing file is `empty`.
 */
export async function openJsonDocument<T>(dataDir: string, name: string, empty: T): Promise<JsonDocument<T>> {
  const path = join(dataDir, name);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  let current: T = text === null ? empty : (JSON.parse(text) as T);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read: () => current,
    write<R>(change: (copy: T) => R): Promise<R> {
      const run = queue.then(async () => {
        const copy = structuredClone(current);
        const result = change(copy);
        await replaceFile(path, `${path}.tmp`, `${JSON.stringify(copy, null, 2)}\n`);
        await syncDirectory(dataDir);
        current = copy;
        return result;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    settled: async () => {
      await queue;
    },
  };
}
