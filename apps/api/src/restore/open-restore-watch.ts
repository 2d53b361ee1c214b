import { hostname } from 'node:os';
import type { Database } from '@companion/database';
import { KEY_RETENTION_MS } from '@companion/idempotency';
import type { Mailer } from '@companion/mailer';
import type { RolloutHalts } from '@companion/release-guard';
import { openFileLineageStore, RestoreWatch, WitnessFile, witnessPath } from '@companion/restore-watch';
import type { Logger } from 'pino';

type Log = Pick<Logger, 'warn' | 'info'> & Partial<Pick<Logger, 'error'>>;

/** The restore watch over DATA_DIR's lineage file or the database's tables; not started (see startRestoreWatch). */
export async function openRestoreWatch({ dataDir, database, env, logger }: { dataDir: string; database: Database | null; env: Record<string, string | undefined>; logger?: Log | undefined }): Promise<RestoreWatch> {
  const store = database ? await (await import('@companion/restore-watch/postgresql')).openPgLineageStore(database) : await openFileLineageStore(dataDir);
  const witness = await WitnessFile.open(witnessPath(dataDir, database !== null, env));
  const log = logger && { info: logger.info.bind(logger), warn: logger.warn.bind(logger), error: (logger.error ?? logger.warn).bind(logger) };
  // One box holds its DATA_DIR alone (the data lock): nothing restores it under a running process,
  // and written data with no witness beside it is a copy put back. A database's new replica has no witness yet.
  return RestoreWatch.open({ store, witness, replica: `${hostname()}:${process.pid}`, keyRetentionMs: KEY_RETENTION_MS, pollMs: database ? 1000 : 0, missingWitness: database ? 'new-replica' : 'restore', ...(log && { logger: log }) });
}

/**
 * Compares the data with the witness before the service answers, and from then on: a restore
 * noticed re-applies the halts the witness knew and holds guarded staged rollouts until a person
 * confirms it; each change of the halts advances the tick and is remembered by the witness.
 */
export async function startRestoreWatch(watch: RestoreWatch, halts: RolloutHalts, mailer: Pick<Mailer, 'send'>, logger?: Log): Promise<void> {
  const replica = `${hostname()}:${process.pid}`;
  await watch.start(async (event, halted) => {
    await halts.refresh();
    for (const { version, channel, notify = [], halted_at } of halted) {
      // A witness that went stale (its replica was down) may know a halt the restored data holds
      // as resumed, or one older than the backup: a person resumed it; it is not halted again.
      const resumed = halted_at !== undefined && halts.history.some((h) => h.version === version && h.resumed_at !== null && h.halted_at >= halted_at);
      const heldByBackup = halted_at !== undefined && event.restored_to !== null && halted_at <= event.restored_to;
      if (resumed || heldByBackup) {
        logger?.info({ version, restore: event.id, halted_at }, `restore watch: the halt of ${version} (${halted_at}) this replica's witness knew is not re-applied: the restored data ${resumed ? 'holds it resumed' : 'is newer than it and does not hold it in force'}`);
        continue;
      }
      const again = await halts.halt(version, channel, `restore: ${replica}`, `re-applied after a restore: the rollout was halted when the data was restored from a backup ${backupOf(event.restored_to)}, which did not hold the halt`);
      if (!again) continue;
      logger?.warn({ version, restore: event.id }, `restore watch: the halt of ${version} is re-applied: the restored data did not hold it`);
      // The restore may have taken the halt's mail with it (an outbox in DATA_DIR or the database): its readers are told again.
      if (notify.length > 0) await mailer.send({ to: notify, subject: `Rollout of ${version} halted again after a restore of the service's data`, text: haltAgainText(version, event.restored_to) }).catch((error) => logger?.warn({ err: error, version }, `restore watch: the mail saying the halt of ${version} was re-applied could not be sent`));
    }
  });
  const remember = () => {
    void watch.rememberHalted(() => [...halts.halted.values()].map(({ version, channel, notify, halted_at }) => ({ version, channel, notify, halted_at }))).catch((error) => logger?.warn({ err: error }, 'restore watch: the halts in force could not be noted in the witness; noted at the next change'));
    void watch.touch().catch((error) => logger?.warn({ err: error }, 'restore watch: the tick could not be advanced after a change of the halts; advanced at the next'));
  };
  halts.onChange(remember);
  watch.onChange(() => halts.holdForRestore(watch.unconfirmed()));
  halts.holdForRestore(watch.unconfirmed());
  remember();
  const problem = watch.witnessProblem();
  if (problem) logger?.warn({ witness: watch.witnessPath }, `restore watch: ${problem}; a restore of the data is noticed only while this replica runs (with the flat files, restore detection is off: a copy of DATA_DIR is put back with the service stopped). Set WITNESS_FILE to a writable file outside DATA_DIR`);
}

const backupOf = (restoredTo: string | null) => (restoredTo === null ? 'of unknown age' : `of ${restoredTo} or earlier`);

const haltAgainText = (version: string, restoredTo: string | null) =>
  [
    `The service's data was restored from a backup ${backupOf(restoredTo)}, which did not hold the halt of the staged rollout of ${version}.`,
    `The halt is re-applied: no install that is not on ${version} is offered it. The mail that said why it halted may have been lost with the restore; the figures are on the console's Releases page.`,
    '',
    `To resume the rollout: the Releases page of the console. Guarded staged rollouts are held until a person confirms the restore there.`,
  ].join('\n');
