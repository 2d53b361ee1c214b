import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { replaceFile, syncDirectory } from '@companion/journal';

/**
 * `WITNESS_FILE`, or where the witness is kept by default: out of reach of what a restore puts
 * back. With a database that is the replica's own DATA_DIR (a restore replaces the database, never
 * a replica's folder); with the flat files, a sibling of DATA_DIR (a restore replaces DATA_DIR).
 */
export function witnessPath(dataDir: string, database: boolean, env: Record<string, string | undefined>): string {
  if (env.WITNESS_FILE) return resolve(env.WITNESS_FILE);
  const data = resolve(dataDir);
  return database ? join(data, 'restore-witness.json') : join(dirname(data), `${basename(data)}.restore-witness.json`);
}

/** A release halted when the witness last looked. */
export interface WitnessedHalt {
  version: string;
  channel: 'stable' | 'preview';
  /** Who its halt was mailed to (a guard's notify), told again when it is re-applied. */
  notify?: string[];
  /** When it was halted: a halt older than what a restore went back to was in the restored data. */
  halted_at?: string;
}

/** What a replica remembers of the data where a restore of the data cannot reach it. */
export interface Witness {
  lineage: string;
  /** The highest tick seen in that lineage. */
  tick: number;
  /** The halts in force as last seen, re-applied after a restore. */
  halted: WitnessedHalt[];
  /** The restores whose consequences this replica has applied (their ids). */
  applied: string[];
}

/**
 * The witness file: replaced whole (temp file, fsync, rename, folder fsync) at each change. When
 * it cannot be read or written the witness is kept in memory only, and `problem` says why: the
 * replica then notices a restore only while it runs.
 */
export class WitnessFile {
  problem: string | null = null;
  /** Why the file could not be read when it was opened (kept after a later write succeeds), or null. */
  unreadable: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private current: Witness | null,
  ) {}

  static async open(path: string): Promise<WitnessFile> {
    try {
      const text = await readFile(path, 'utf8');
      return new WitnessFile(path, JSON.parse(text) as Witness);
    } catch (error) {
      const file = new WitnessFile(path, null);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') file.problem = file.unreadable = `the restore witness ${path} cannot be read (${(error as Error).message})`;
      return file;
    }
  }

  read(): Witness | null {
    return this.current && structuredClone(this.current);
  }

  /** Keeps `next`; written to the file in order, each write after the one before. */
  write(next: Witness): Promise<void> {
    this.current = structuredClone(next);
    const text = `${JSON.stringify(next, null, 2)}\n`;
    const run = this.queue.then(async () => {
      try {
        await replaceFile(this.path, `${this.path}.tmp`, text);
        await syncDirectory(dirname(this.path));
        this.problem = null;
      } catch (error) {
        this.problem = `the restore witness ${this.path} cannot be written (${(error as Error).message})`;
      }
    });
    this.queue = run;
    return run;
  }

  settled(): Promise<unknown> {
    return this.queue;
  }
}
