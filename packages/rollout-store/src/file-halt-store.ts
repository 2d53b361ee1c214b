import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile, syncDirectory } from '@companion/journal';
import type { HaltStore, NewHalt, RolloutHalt } from './halt-store';

/**
 * Halts in `DATA_DIR/rollout-halts.json`, replaced whole (temp file, fsync, rename, folder fsync)
 * at each change: one box has one process on its DATA_DIR (the data lock), so memory is the
 * truth between writes and the file is what a restart reads.
 */
export async function openFileHaltStore(dataDir: string): Promise<HaltStore> {
  const path = join(dataDir, 'rollout-halts.json');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  let halts: RolloutHalt[] = text === null ? [] : (JSON.parse(text) as { halts: RolloutHalt[] }).halts;
  let queue: Promise<unknown> = Promise.resolve();
  /** Applies `change` to a copy and makes it durable before it becomes the truth: a failed write changes nothing. */
  const write = <T>(change: (copy: RolloutHalt[]) => T): Promise<T> => {
    const run = queue.then(async () => {
      const copy = halts.map((h) => ({ ...h }));
      const result = change(copy);
      await replaceFile(path, `${path}.tmp`, `${JSON.stringify({ halts: copy }, null, 2)}\n`);
      await syncDirectory(dataDir);
      halts = copy;
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    list: async () => halts.map((h) => ({ ...h })).sort((a, b) => b.id - a.id),
    halt: (halt: NewHalt) =>
      write((copy) => {
        if (copy.some((h) => h.version === halt.version && h.resumed_at === null)) return null;
        const record: RolloutHalt = { id: copy.reduce((max, h) => Math.max(max, h.id), 0) + 1, ...halt, notified_at: null, resumed_at: null, resumed_by: null };
        copy.push(record);
        return { ...record };
      }),
    resume: (version, by, at) =>
      write((copy) => {
        const found = copy.find((h) => h.version === version && h.resumed_at === null);
        if (found === undefined) return null;
        Object.assign(found, { resumed_at: at, resumed_by: by });
        return { ...found };
      }),
    claimNotice: (id, at) =>
      write((copy) => {
        const found = copy.find((h) => h.id === id);
        if (found === undefined || found.notified_at !== null) return false;
        found.notified_at = at;
        return true;
      }),
    releaseNotice: (id) =>
      write((copy) => {
        const found = copy.find((h) => h.id === id);
        if (found) found.notified_at = null;
      }),
    onChange: () => undefined,
    close: async () => {
      await queue;
    },
  };
}
