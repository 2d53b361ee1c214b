import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * One versioned step of a store's schema. Applied once, in order; never edited afterwards. Each
 * says what a replica of an earlier version can still do once it is applied (`change`):
 *
 * - `expand`: adds only (a table, a nullable or defaulted column, a function beside the old one);
 *   nothing the earlier code reads or writes changes meaning, so it runs on against it.
 * - `contract`: removes what code below `compatibleBackTo` still uses, and nothing the code that
 *   ships it needs. Applied only by the explicit `db-migrate --contract`, a release after the
 *   code stopped using it: the way back to the release before stays open until then.
 * - `breaking`: its own release needs it and no earlier code runs once it is applied (a table
 *   moved and dropped in one step). Applied like an expand; the way back across it is a restore.
 *   Written as an expand and a later contract instead wherever that is possible.
 */
export type Migration = { version: number; name: string; sql: string } & ({ change: 'expand' | 'breaking' } | { change: 'contract'; compatibleBackTo: number });

export interface MigrateOptions {
  /** Apply waiting contract steps too (`db-migrate --contract`); start-up never does. */
  contract?: boolean;
}

/** What a run found and did, for one store. */
export interface MigrationOutcome {
  /** The versions it applied, in order. */
  applied: number[];
  /** Steps this code ships that were not applied: the first contract step and those after it. */
  waiting: Migration[];
  /** The newest step the database holds, when a newer version applied it (this code runs on it). */
  ahead: { version: number; name: string } | null;
  /** The lowest level of this store a service must know to run on the database as it now is. */
  compatibleBackTo: number;
}

/** Every replica takes this lock before migrating, so replicas starting together never race. */
const MIGRATION_LOCK = 0x636f6d70616e; // "compan"

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** The lowest level a service must know to run once `step` is applied. */
const backTo = (step: Migration) => (step.change === 'contract' ? step.compatibleBackTo : step.change === 'breaking' ? step.version : 0);

/** A migration applied earlier no longer matches the one shipped: refuse to start. */
export class MigrationMismatchError extends Error {
  override readonly name = 'MigrationMismatchError';
}

/**
 * The database holds a step of this store that this service does not know and that removed what
 * it needs (a contract or breaking step of a newer version): running on would read or write what
 * is no longer there. Refuse to start.
 */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
}

/** A step this service needs comes after a contract step the database has not had (see MigrateOptions). */
export class ContractStepWaitingError extends Error {
  override readonly name = 'ContractStepWaitingError';
}

type AppliedRow = { version: number; name: string; checksum: string; compatible_back_to: number | null };

/**
 * Applies the store's migrations that are not yet applied, each in its own transaction, under a
 * session advisory lock. Versions are per store (`component`), so stores evolve independently.
 * Each row of `schema_migrations` records the lowest level its step leaves able to run
 * (`compatible_back_to`); their maximum per store is the database's. A schema a newer version
 * migrated is run on when this service's level is at least that, and refused otherwise.
 */
export async function migrate(pool: pg.Pool, component: string, migrations: readonly Migration[], options: MigrateOptions = {}): Promise<MigrationOutcome> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        component text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (component, version))`);
      // Added by the first version that records it; rows applied before then are filled in below.
      // Looked up first: ALTER TABLE locks the table (and asks for its owner) even when the column is there.
      const { rowCount } = await client.query("SELECT 1 FROM pg_attribute WHERE attrelid = 'schema_migrations'::regclass AND attname = 'compatible_back_to' AND NOT attisdropped");
      if (rowCount === 0) await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS compatible_back_to integer');
      const { rows } = await client.query<AppliedRow>('SELECT version, name, checksum, compatible_back_to FROM schema_migrations WHERE component = $1 ORDER BY version', [component]);
      const shipped = new Map(ordered.map((step) => [step.version, step]));
      for (const row of rows) {
        const step = shipped.get(row.version);
        if (!step) continue;
        if (row.checksum !== checksum(step.sql)) throw new MigrationMismatchError(`${component} migration ${step.version} (${step.name}) differs from the one applied to this database; migrations are never edited once shipped`);
        if (row.compatible_back_to === null) {
          row.compatible_back_to = backTo(step);
          await client.query('UPDATE schema_migrations SET compatible_back_to = $3 WHERE component = $1 AND version = $2', [component, step.version, row.compatible_back_to]);
        }
      }
      const known = ordered.at(-1)?.version ?? 0;
      const newest = rows.at(-1);
      if (newest && newest.version > known) {
        // A row without the column's value was applied by a version older than the mechanism that
        // this service does not know: nothing says it left this level able to run.
        const limit = rows.reduce<AppliedRow | null>((worst, row) => (worst && (worst.compatible_back_to ?? Infinity) >= (row.compatible_back_to ?? Infinity) ? worst : row), null)!;
        const needs = limit.compatible_back_to ?? Infinity;
        if (needs > known) {
          const why = limit.compatible_back_to === null ? `its step ${limit.version} (${limit.name}) does not say which earlier versions still run on it` : `its step ${limit.version} (${limit.name}) removed what a service below ${component} level ${needs} uses`;
          throw new SchemaTooNewError(
            `the database's ${component} schema is at version ${newest.version} (${newest.name}), newer than this service's ${known}, and ${why}: run a version that knows ${component} ${needs === Infinity ? newest.version : needs} or later (or restore a backup taken before the upgrade)`,
          );
        }
        return { applied: [], waiting: ordered.filter((step) => !rows.some((row) => row.version === step.version)), ahead: { version: newest.version, name: newest.name }, compatibleBackTo: needs };
      }
      const applied = new Set(rows.map((row) => row.version));
      let compatibleBackTo = Math.max(0, ...rows.map((row) => row.compatible_back_to ?? 0));
      const done: number[] = [];
      const waiting: Migration[] = [];
      for (const step of ordered) {
        if (applied.has(step.version)) continue;
        // A contract step waits for the explicit run, and so does every step after it: each was written against the schema before it.
        if (waiting.length > 0 || (step.change === 'contract' && !options.contract)) {
          if (waiting.length > 0 && step.change !== 'contract') {
            const contract = waiting[0]!;
            throw new ContractStepWaitingError(
              `${component} migration ${step.version} (${step.name}) comes after the contract step ${contract.version} (${contract.name}), which this database has not had: run db-migrate --contract with the release before this one once no replica below ${component} level ${backTo(contract)} runs, then this release's`,
            );
          }
          waiting.push(step);
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(step.sql);
          await client.query('INSERT INTO schema_migrations (component, version, name, checksum, compatible_back_to) VALUES ($1, $2, $3, $4, $5)', [component, step.version, step.name, checksum(step.sql), backTo(step)]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        compatibleBackTo = Math.max(compatibleBackTo, backTo(step));
        done.push(step.version);
      }
      return { applied: done, waiting, ahead: null, compatibleBackTo };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: unknown) => (broken = error));
    }
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}
