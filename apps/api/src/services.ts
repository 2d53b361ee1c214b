import { openCatalogStore, type CatalogStore } from '@companion/catalog-store';
import { ContentStore } from '@companion/content';
import type { Database } from '@companion/database';
import { databaseConfigFromEnv } from '@companion/database/config';
import { ErrorSearch } from '@companion/error-search';
import { openFileFeedbackStore, type FeedbackStore } from '@companion/feedback-store';
import { StorageUnavailableError, type StorageEvents } from '@companion/journal';
import { createMailer, mailerConfigFromEnv, type Mailer, type MailerConfig } from '@companion/mailer';
import type { Clock } from '@companion/schema';
import type { Logger } from 'pino';
import { openAdoption } from './adoption/open-adoption';
import type { AdoptionRecorder } from '@companion/adoption-store';
import { guardIntervalMs, openRolloutHalts } from './rollout-halt/open-rollout-halts';
import type { RolloutHalts } from '@companion/release-guard';
import { CatalogDigest } from './catalog-digest';
import { unimportedFiles } from '@companion/operator-commands';
import { ContentRevision } from './content-revision';
import { checkDataDir } from './data-dir';
import { databaseSetupFailure, databaseUnreachable, openDatabase, watchDatabase } from '@companion/database/open';
import { lockDataDir } from './data-lock';
import type { PgRateLimitCounters } from '@companion/rate-limit-store/postgresql';
import { openFileSignedOutSessions, type SignedOutSessions } from '@companion/session-store';
import { openSearchFeedback, type SearchFeedback } from './search-feedback';
import type { RestoreWatch } from '@companion/restore-watch';
import { openRestoreWatch, startRestoreWatch } from './restore/open-restore-watch';

export interface Services {
  content: ContentStore;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  mailer: Mailer;
  /** The catalogue's search index, built over the loaded content before the service listens. */
  errorSearch: ErrorSearch;
  /** The content folder's git revision and local changes, for /health. */
  revision: ContentRevision;
  /** The digest of the catalogue served, for /health. */
  catalogDigest: CatalogDigest;
  /** PostgreSQL when DATABASE_URL is set (the stores write there); null: the flat files in DATA_DIR. */
  database: Database | null;
  /** With a database: files of DATA_DIR holding data the database does not (see `pnpm db:import`). */
  unimportedData: string[];
  /** The rate limiters' counters in the database, so limits hold across replicas; null: in memory. */
  rateLimitCounters: PgRateLimitCounters | null;
  /** Console sessions signed out before their expiry: DATA_DIR on one box, the database on a fleet. */
  signedOut: SignedOutSessions;
  /** Installs active per day as update checks name them: DATA_DIR's files, or the database's table. */
  adoption: AdoptionRecorder;
  /** Rollouts halted by their release's guard: DATA_DIR's file, or the database's table. */
  halts: RolloutHalts;
  /** Notices a restore of the data from an older backup, against a witness file a restore cannot reach. */
  restore: RestoreWatch;
  /** Search counts and the answers staff marked: DATA_DIR's file, or the database's tables. */
  searchFeedback: SearchFeedback;
  close(): Promise<void>;
}

export interface ServiceOptions {
  contentDir: string;
  dataDir: string;
  env: Record<string, string | undefined>;
  clock: Clock;
  /** Told when a store starts refusing writes and when it takes them again (the server log). */
  events?: StorageEvents;
  /** Where the background work says what went wrong (a failed flush of the install counts) and what it did (a halted rollout). */
  logger?: Pick<Logger, 'warn' | 'info'> & Partial<Pick<Logger, 'error'>>;
}

/**
 * Opens the stateful parts over a content folder and a data folder. The catalogue served is the
 * content folder's entry files merged with the API's changes from the op log: the service never
 * writes into the content folder (see packages/catalog-store/README.md).
 */
export async function openServices(options: ServiceOptions): Promise<Services> {
  const { dataDir, env } = options;
  // A bad setting stops us before anything opens.
  const mailConfig = mailerConfigFromEnv({ ...env, DATA_DIR: dataDir });
  const databaseConfig = databaseConfigFromEnv(env);
  guardIntervalMs(env);
  await checkDataDir(dataDir);
  const opened: { close(): Promise<void> }[] = [];
  // DATA_DIR stays one replica's own (its content view, its checkpoints), database or not.
  const unlock = await lockDataDir(dataDir);
  opened.push({ close: unlock });
  try {
    const database = databaseConfig && (await openDatabase(databaseConfig));
    const heartbeat = database && watchDatabase(database);
    if (database) opened.push(database, heartbeat!);
    const parts = await openParts(options, mailConfig, database, opened);
    return {
      ...parts,
      database,
      unimportedData: database ? await unimportedFiles(dataDir) : [],
      async close() {
        parts.revision.close();
        // First: a judgement under way still reads the counts and may mail.
        await parts.halts.close();
        await parts.restore.close();
        await parts.content.close();
        await Promise.all([parts.catalog.close(), parts.feedback.close(), parts.mailer.close(), parts.rateLimitCounters?.close(), parts.signedOut.close(), parts.adoption.close(), parts.searchFeedback.close()]);
        // Last: the stores above may still be finishing writes on it.
        await heartbeat?.close();
        await database?.close();
        await unlock();
      },
    };
  } catch (error) {
    // Whatever did open is closed again, so a failed start leaves no lock or open log behind.
    for (const part of opened.reverse()) await part.close().catch(() => undefined);
    // The database went away during the migrations: one line, like not answering at all.
    if (databaseConfig && error instanceof StorageUnavailableError) throw databaseUnreachable(databaseConfig, error);
    // It answered but refused us, or runs a schema this version cannot: one line, a setting to fix.
    const setup = databaseConfig && databaseSetupFailure(databaseConfig, error);
    if (setup) throw setup;
    throw error;
  }
}

/** Opens each part in turn, recording it in `opened` so a failure further on can close it. */
async function openParts({ contentDir, dataDir, clock, events, env, logger }: ServiceOptions, mailConfig: MailerConfig, database: Database | null, opened: { close(): Promise<void> }[]): Promise<Omit<Services, 'close' | 'database' | 'unimportedData'>> {
  // Before any store is read: the lineage is compared with the witness once the halts are open.
  const restore = await openRestoreWatch({ dataDir, database, env, logger });
  opened.push(restore);
  // Opening the content first refuses a CONTENT_DIR that does not exist instead of creating it.
  const content = await ContentStore.open(contentDir, clock);
  opened.push(content);
  const catalog = await openCatalogStore({
    dataDir,
    clock,
    events,
    // With a database the op log is shared by every replica; DATA_DIR stays this replica's own.
    log: database ? { kind: 'postgres', db: database } : { kind: 'jsonl' },
    files: () => content.current().errorFiles,
    exports: () => content.current().catalogExports,
    // One snapshot per batch: from here on reads serve the change.
    onApplied: (flags) => content.resolveErrors(flags),
  });
  opened.push(catalog);
  content.setErrorOverlay(catalog.overlay);
  const errorSearch = new ErrorSearch();
  errorSearch.sync(content.current());
  const revision = new ContentRevision(contentDir, (problem) => (problem ? events?.notice?.('content', problem) : events?.notice?.('content', 'the git revision of the content folder is read again')));
  await revision.start();
  opened.push({ close: async () => revision.close() });
  // The PostgreSQL parts are loaded only when configured: the flat-file default never loads pg.
  const postgres = database && (await openPostgresParts(database, clock, events, mailConfig));
  const feedback = postgres?.feedback ?? (await openFileFeedbackStore({ dataDir, clock, events }));
  opened.push(feedback);
  const rateLimitCounters = postgres?.rateLimitCounters ?? null;
  if (rateLimitCounters) opened.push(rateLimitCounters);
  const outbox = postgres?.outbox;
  const sentKeys = postgres?.sentKeys;
  const signedOutStore = postgres?.signedOut ?? (await openFileSignedOutSessions(dataDir, clock));
  opened.push(signedOutStore);
  // A sign-out is guarded state: the tick advances past it before it is answered, so a restore that undoes it is noticed.
  const signedOut: SignedOutSessions = { ...signedOutStore, add: (sid, exp) => signedOutStore.add(sid, exp).then(() => restore.touch().catch(() => undefined)) };
  const adoption = await openAdoption({ dataDir, database, content, clock, env, logger });
  opened.push(adoption);
  const mailer = createMailer(mailConfig, { clock, events, outbox, sentKeys });
  opened.push(mailer);
  const halts = await openRolloutHalts({ dataDir, database, env, content, adoption, feedback, mailer, clock, logger });
  opened.push(halts);
  await startRestoreWatch(restore, halts, mailer, logger);
  const searchFeedback = await openSearchFeedback({ dataDir, database, clock, logger, errorSearch });
  opened.push(searchFeedback);
  return { content, catalog, feedback, errorSearch, revision, catalogDigest: new CatalogDigest(), rateLimitCounters, signedOut, adoption, halts, mailer, restore, searchFeedback };
}

/** Feedback, the rate-limit counters and the outbox (with SMTP: the keys of sent messages), on the database. */
async function openPostgresParts(database: Database, clock: Clock, events: StorageEvents | undefined, mailConfig: MailerConfig) {
  const [{ openPgFeedbackStore }, { openPgOutbox, openPgSentKeys }, { openPgRateLimitCounters }, { openPgSignedOutSessions }] = await Promise.all([
    import('@companion/feedback-store/postgresql'),
    import('@companion/mailer/postgresql'),
    import('@companion/rate-limit-store/postgresql'),
    import('@companion/session-store/postgresql'),
  ]);
  const feedback = await openPgFeedbackStore({ database, clock, events });
  const rateLimitCounters = await openPgRateLimitCounters(database, clock, events);
  const signedOut = await openPgSignedOutSessions(database);
  try {
    // Without an SMTP server, the outbox: rows in the database rather than .eml files.
    const outbox = mailConfig.smtp ? undefined : await openPgOutbox(database, clock, events);
    // With one, the keys of the messages it accepted: shared by every replica.
    const sentKeys = mailConfig.smtp ? await openPgSentKeys(database) : undefined;
    return { feedback, rateLimitCounters, outbox, sentKeys, signedOut };
  } catch (error) {
    await Promise.all([feedback.close(), rateLimitCounters.close()]);
    throw error;
  }
}
