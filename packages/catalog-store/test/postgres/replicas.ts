import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Database } from '@companion/database';
import type { ErrorEntry } from '@companion/schema';
import { openService, type Folders, type Service } from '../harness';

/** One replica: its own folders and its own pool on the shared database, as a second machine has. */
export interface Replica extends Service {
  folders: Folders;
  db: Database;
  close(): Promise<void>;
}

export async function openReplica(url: string, root: string, name: string, initial: ErrorEntry[] = [], timeoutMs = 2000): Promise<Replica> {
  const db = await Database.open({ url, poolMax: 8, timeoutMs });
  const folders: Folders = { errorsDir: join(root, name, 'content', 'errors'), dataDir: join(root, name, 'data'), log: { kind: 'postgres', db } };
  await mkdir(folders.errorsDir, { recursive: true });
  const service = await openService(folders, initial);
  return {
    ...service,
    folders,
    db,
    async close() {
      await service.store.close();
      await db.close();
    },
  };
}

/** Waits until `condition` holds (checked every few ms); fails with `what` after `ms`, a bound and not a speed check. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting, after ${ms} ms, for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}
