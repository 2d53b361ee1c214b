import { randomBytes } from 'node:crypto';
import { link, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, Migration } from '@companion/database';
import { syncDirectory } from '@companion/journal';

/** The file in DATA_DIR holding the console's generated session secret (mode 0600). */
export const SESSION_SECRET_FILE = 'session-secret';

export const SESSION_SECRET_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "the console's generated session secret",
    change: 'expand',
    sql: `
      -- One row: the secret every replica seals console sessions with when SESSION_SECRET is not set.
      CREATE TABLE console_session_secret (
        id int PRIMARY KEY CHECK (id = 1),
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

const fresh = () => randomBytes(32).toString('base64url');

/**
 * The secret console sessions are sealed with when no SESSION_SECRET is set: made once, then
 * kept. With a database it is a row every replica reads (the first to start inserts it), so a
 * session from one replica is good on all; without, a file in DATA_DIR, written whole and
 * linked into place, so two processes starting at once end up with the same one.
 */
export async function generatedSessionSecret(options: { dataDir: string; database: Database | null }): Promise<{ secret: string; where: string }> {
  const { dataDir, database } = options;
  if (database) {
    await database.migrate('console', SESSION_SECRET_MIGRATIONS);
    await database.query('INSERT INTO console_session_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [fresh()]);
    const { rows } = await database.query<{ secret: string }>('SELECT secret FROM console_session_secret WHERE id = 1');
    return { secret: rows[0]!.secret, where: 'the database' };
  }
  const file = join(dataDir, SESSION_SECRET_FILE);
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (kept !== null && kept.trim().length >= 32) return { secret: kept.trim(), where: file };
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${fresh()}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // link() never replaces: a secret another process put there first is the one kept.
  await link(temp, file).catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : Promise.reject(error)));
  await rm(temp, { force: true });
  await syncDirectory(dataDir);
  return { secret: (await readFile(file, 'utf8')).trim(), where: file };
}
