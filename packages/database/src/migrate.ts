import { createHash } from 'node:crypto';
import type pg from 'pg';

/** One versioned step of a store's schema. Applied once, in order; never edited afterwards. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every replica takes this lock before migrating, so replicas starting together never race. */
const MIGRATION_LOCK = 0x636f6d70616e; // "compan"

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** A migration applied earlier no longer matches the one shipped: refuse to start. */
export class MigrationMismatchError extends Error {
  override readonly name = 'MigrationMismatchError';
}

/**
 * The database holds a migration of this store that this service does not know: a newer version
 * migrated it. Running on would write rows that version may not expect; refuse to start.
 */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
}

/**
 * Applies the store's migrations that are not yet applied, each in its own transaction, under a
 * session advisory lock. Versions are per store (`component`), so stores evolve independently.
 * Returns the versions it applied.
 */
export async function migrate(pool: pg.Pool, component: string, migrations: readonly Migration[]): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        component text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (component, version))`);
      const { rows } = await client.query<{ version: number; name: string; checksum: string }>('SELECT version, name, checksum FROM schema_migrations WHERE component = $1', [component]);
      const applied = new Map(rows.map((row) => [row.version, row]));
      const known = ordered.at(-1)?.version ?? 0;
      const newer = rows.filter((row) => row.version > known).sort((a, b) => a.version - b.version);
      if (newer.length > 0) {
        throw new SchemaTooNewError(
          `the database's ${component} schema is at version ${newer.at(-1)!.version} (${newer.at(-1)!.name}), newer than this service's ${known}: a newer version of the service migrated it; run that version (or restore a backup taken before the upgrade)`,
        );
      }
      const done: number[] = [];
      for (const migration of ordered) {
        const sum = checksum(migration.sql);
        const earlier = applied.get(migration.version);
        if (earlier) {
          if (earlier.checksum !== sum) throw new MigrationMismatchError(`${component} migration ${migration.version} (${migration.name}) differs from the one applied to this database; migrations are never edited once shipped`);
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (component, version, name, checksum) VALUES ($1, $2, $3, $4)', [component, migration.version, migration.name, sum]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        done.push(migration.version);
      }
      return done;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: unknown) => (broken = error));
    }
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}
