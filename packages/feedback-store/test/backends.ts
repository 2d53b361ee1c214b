import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { Clock } from '@companion/schema';
import { mountSmallDisk, noDiskFaults } from '../../journal/test/small-disk';
import { openFileFeedbackStore } from '../src';
import { openPgFeedbackStore } from '../src/postgresql';
import type { FeedbackBackend } from './contract/backend';

type SmallDisk = Awaited<ReturnType<typeof mountSmallDisk>>;

/** The flat log in a temp folder: a small tmpfs of its own when root, so the disk can be filled. */
export function filesBackend(): FeedbackBackend & { dataDir(): string } {
  let dir = '';
  let disk: SmallDisk | null = null;
  return {
    name: 'files',
    unavailable: null,
    refusalUnavailable: noDiskFaults,
    listsWhileRefusing: true,
    setUp: async () => undefined,
    tearDown: async () => undefined,
    async fresh() {
      dir = await mkdtemp(join(tmpdir(), 'feedback-'));
      disk = noDiskFaults ? null : await mountSmallDisk(dir, 2048);
    },
    async cleanUp() {
      disk?.unmount();
      await rm(dir, { recursive: true, force: true });
    },
    open: (clock: Clock) => openFileFeedbackStore({ dataDir: dir, clock }),
    refuse: async () => disk!.fill(),
    allow: async () => disk!.free(),
    dataDir: () => dir,
    // Every file the store left in its folder, whatever its name.
    storedText: async () => (await Promise.all((await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')))).join('\n'),
  };
}

/** A database of its own per test on one throwaway cluster; refusing is stopping the cluster. */
export function postgresBackend(): FeedbackBackend & { url(): string } {
  let cluster: TempCluster | null = null;
  let url = '';
  let count = 0;
  const opened: Database[] = [];
  return {
    name: 'postgresql',
    unavailable: clusterUnavailable(),
    refusalUnavailable: null,
    listsWhileRefusing: false,
    async setUp() {
      cluster = await TempCluster.start();
    },
    tearDown: async () => cluster?.destroy(),
    async fresh() {
      url = await cluster!.createDatabase(`feedback_${++count}`);
    },
    async cleanUp() {
      await Promise.all(opened.splice(0).map((db) => db.close()));
    },
    async open(clock: Clock) {
      // Concurrency tests queue a hundred writes on a few connections; a loaded machine's queue
      // outlasts a short deadline (the deadline tests open their own pools with theirs).
      const database = await Database.open({ url, poolMax: 4, timeoutMs: 10_000 });
      opened.push(database);
      return openPgFeedbackStore({ database, clock });
    },
    refuse: () => cluster!.stop('fast'),
    allow: () => cluster!.start(),
    url: () => url,
    async storedText() {
      const db = await Database.open({ url, poolMax: 1, timeoutMs: 2000 });
      try {
        // Every table of the database, whole: not only the ones the store is known to write.
        const { rows: tables } = await db.query<{ name: string }>("SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
        const texts = await Promise.all(tables.map(async ({ name }) => (await db.query<{ text: string | null }>(`SELECT json_agg(t)::text AS text FROM ${name} t`)).rows[0]!.text ?? ''));
        return texts.join('\n');
      } finally {
        await db.close();
      }
    },
  };
}
