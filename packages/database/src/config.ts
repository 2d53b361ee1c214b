/** How the service reaches PostgreSQL (`DATABASE_URL` and its companions). */
export interface DatabaseConfig {
  /** `postgres://user:pass@host:port/db` (or `postgresql://`); `?host=/socket/dir` for a Unix socket. */
  url: string;
  /** Most connections this replica holds (`DATABASE_POOL_MAX`, default 10). */
  poolMax: number;
  /**
   * How long a connection attempt, a wait for a free connection, or one statement may take
   * (`DATABASE_TIMEOUT_MS`, default 3000): past it the write is refused with the cause (503).
   */
  timeoutMs: number;
}

/** A bad database setting; the service stops start-up with its message (exit 2). */
export class DatabaseConfigError extends Error {
  override readonly name = 'DatabaseConfigError';
}

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new DatabaseConfigError(`${name}: expected a whole number from 1 to ${max}; found "${raw}"`);
  return Number(raw);
}

/** The database settings, or null when `DATABASE_URL` is unset (the flat files are used). */
export function databaseConfigFromEnv(env: Record<string, string | undefined>): DatabaseConfig | null {
  const url = env.DATABASE_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseConfigError('DATABASE_URL: expected a URL such as postgres://user:password@host:5432/companion (characters such as / @ : # ? % in the password must be percent-encoded: %2F %40 %3A %23 %3F %25)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new DatabaseConfigError(`DATABASE_URL: expected a postgres:// or postgresql:// URL; found "${parsed.protocol}"`);
  if (parsed.pathname.length <= 1) throw new DatabaseConfigError('DATABASE_URL: name the database in the path (postgres://host:5432/<database>)');
  return {
    url,
    poolMax: positiveInt(env, 'DATABASE_POOL_MAX', 10, 1000),
    timeoutMs: positiveInt(env, 'DATABASE_TIMEOUT_MS', 3000, 600_000),
  };
}

/** Query parameters node-postgres reads a secret from (`?password=`, `?sslpassword=`), or that may name one. */
const SECRET_PARAMETER = /pass|secret|token|key/i;

/** The URL without its secrets (the password, in the user part or as a parameter), for logs and /health. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of [...parsed.searchParams.keys()]) if (SECRET_PARAMETER.test(name)) parsed.searchParams.set(name, '***');
    return parsed.toString().replaceAll('%2A%2A%2A', '***');
  } catch {
    return '(unparsable URL)';
  }
}
