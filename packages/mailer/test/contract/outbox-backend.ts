import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { StorageEvents } from '@companion/journal';
import type { Clock } from '@companion/schema';
import { createMailer, mailerConfigFromEnv, type Mailer } from '../../src/index';
import { openPgOutbox } from '../../src/postgresql';

/** One outbox store as the contract suite drives it: through a mailer with no SMTP server. */
export interface OutboxBackend {
  name: string;
  unavailable: string | null;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  fresh(): Promise<void>;
  cleanUp(): Promise<void>;
  open(deps?: { clock?: Clock; events?: StorageEvents }): Promise<Mailer>;
  /** The messages kept, by name (sending order): name and raw bytes. */
  messages(): Promise<{ name: string; raw: Buffer }[]>;
  refuse(): Promise<void>;
  allow(): Promise<void>;
}

/** `.eml` files in DATA_DIR/outbox; refusing is a file standing where the folder should be (root ignores permissions). */
export function filesOutbox(): OutboxBackend & { dataDir(): string } {
  let dataDir = '';
  const mailers: Mailer[] = [];
  const outbox = () => path.join(dataDir, 'outbox');
  return {
    name: 'files',
    unavailable: null,
    setUp: async () => undefined,
    tearDown: async () => undefined,
    async fresh() {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-outbox-'));
    },
    async cleanUp() {
      await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
      await rm(dataDir, { recursive: true, force: true });
    },
    async open(deps = {}) {
      const mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }), deps);
      mailers.push(mailer);
      return mailer;
    },
    async messages() {
      const names = (await readdir(outbox()).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
      return Promise.all(names.map(async (name) => ({ name, raw: await readFile(path.join(outbox(), name)) })));
    },
    async refuse() {
      await mkdir(outbox(), { recursive: true });
      await rename(outbox(), `${outbox()}.aside`);
      await writeFile(outbox(), 'a file where the folder should be');
    },
    async allow() {
      await rm(outbox());
      await rename(`${outbox()}.aside`, outbox());
    },
    dataDir: () => dataDir,
  };
}

/** Rows of mail_outbox, a database per test on one throwaway cluster; refusing is stopping it. */
export function postgresOutbox(): OutboxBackend {
  let cluster: TempCluster | null = null;
  let url = '';
  let count = 0;
  const opened: { mailer: Mailer; database: Database }[] = [];
  return {
    name: 'postgresql',
    unavailable: clusterUnavailable(),
    async setUp() {
      cluster = await TempCluster.start();
    },
    tearDown: async () => cluster?.destroy(),
    async fresh() {
      url = await cluster!.createDatabase(`outbox_${++count}`);
    },
    async cleanUp() {
      for (const { mailer, database } of opened.splice(0)) {
        await mailer.close();
        await database.close();
      }
    },
    async open(deps = {}) {
      const database = await Database.open({ url, poolMax: 4, timeoutMs: 2000 });
      const clock = deps.clock ?? { nowMicros: () => Date.now() * 1000 };
      const outbox = await openPgOutbox(database, clock, deps.events);
      const mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: '/nonexistent' }), { ...deps, outbox });
      opened.push({ mailer, database });
      return mailer;
    },
    async messages() {
      const database = await Database.open({ url, poolMax: 1, timeoutMs: 2000 });
      try {
        const { rows } = await database.query<{ name: string; raw: Buffer }>('SELECT name, raw FROM mail_outbox ORDER BY name');
        return rows;
      } finally {
        await database.close();
      }
    },
    refuse: () => cluster!.stop('fast'),
    allow: () => cluster!.start(),
  };
}
