import { join, relative, sep } from 'node:path';
import { openCatalogStore, type CatalogStore } from '@companion/catalog-store';
import { ContentStore } from '@companion/content';
import { databaseConfigFromEnv, type Database } from '@companion/database';
import { ErrorSearch } from '@companion/error-search';
import { openFeedbackStore, type FeedbackStore } from '@companion/feedback-store';
import type { StorageEvents } from '@companion/journal';
import { createMailer, mailerConfigFromEnv, type Mailer, type MailerConfig } from '@companion/mailer';
import type { Clock } from '@companion/schema';
import { checkDataDir } from './data-dir';
import { openDatabase } from './database';
import { lockDataDir } from './data-lock';

export interface Services {
  content: ContentStore;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  mailer: Mailer;
  /** The catalogue's search index, built over the loaded content before the service listens. */
  errorSearch: ErrorSearch;
  /** PostgreSQL when DATABASE_URL is set (the stores write there); null: the flat files in DATA_DIR. */
  database: Database | null;
  close(): Promise<void>;
}

export interface ServiceOptions {
  contentDir: string;
  dataDir: string;
  env: Record<string, string | undefined>;
  clock: Clock;
  /** Told when a store starts refusing writes and when it takes them again (the server log). */
  events?: StorageEvents;
}

/**
 * Opens the stateful parts over a content folder and a data folder. The catalogue writes its
 * entry files into the content folder and tells the content store, so reads see each change
 * before it is acknowledged and the watcher does not take it for a foreign edit.
 */
export async function openServices(options: ServiceOptions): Promise<Services> {
  const { dataDir, env } = options;
  // A bad setting stops us before anything opens.
  const mailConfig = mailerConfigFromEnv({ ...env, DATA_DIR: dataDir });
  const databaseConfig = databaseConfigFromEnv(env);
  await checkDataDir(dataDir);
  const opened: { close(): Promise<void> }[] = [];
  // DATA_DIR stays one replica's own (its content view, its checkpoints), database or not.
  const unlock = await lockDataDir(dataDir);
  opened.push({ close: unlock });
  try {
    const database = databaseConfig && (await openDatabase(databaseConfig));
    if (database) opened.push(database);
    const parts = await openParts(options, mailConfig, database, opened);
    return {
      ...parts,
      database,
      async close() {
        await parts.content.close();
        await Promise.all([parts.catalog.close(), parts.feedback.close(), parts.mailer.close()]);
        // Last: the stores above may still be finishing writes on it.
        await database?.close();
        await unlock();
      },
    };
  } catch (error) {
    // Whatever did open is closed again, so a failed start leaves no lock or open log behind.
    for (const part of opened.reverse()) await part.close().catch(() => undefined);
    throw error;
  }
}

/** Opens each part in turn, recording it in `opened` so a failure further on can close it. */
async function openParts({ contentDir, dataDir, clock, events }: ServiceOptions, mailConfig: MailerConfig, database: Database | null, opened: { close(): Promise<void> }[]): Promise<Omit<Services, 'close' | 'database'>> {
  // Opening the content first refuses a CONTENT_DIR that does not exist instead of creating it.
  const content = await ContentStore.open(contentDir, clock);
  opened.push(content);
  const inContent = (file: string) => relative(contentDir, file).split(sep).join('/');
  const errorSearch = new ErrorSearch();
  errorSearch.sync(content.current());
  const catalog = await openCatalogStore({
    errorsDir: join(contentDir, 'errors'),
    dataDir,
    clock,
    events,
    // With a database the op log is shared by every replica; the files and checkpoint stay this replica's own.
    log: database ? { kind: 'postgres', db: database } : { kind: 'jsonl' },
    entries: () => content.current().errors,
    // The entry was turned into YAML once, by the store; the content store takes it as it is,
    // with the `.yml` twin the change removed, so the write is what reads serve from now on.
    onApplied: ({ file, entry, bytes, twin }) => content.applyOwnEntry(inContent(file), entry, bytes, [inContent(twin)]),
  });
  opened.push(catalog);
  const feedback = await openFeedbackStore({ dataDir, clock, events });
  opened.push(feedback);
  return { content, catalog, feedback, errorSearch, mailer: createMailer(mailConfig, { clock, events }) };
}
