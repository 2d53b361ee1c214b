import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { resolveFromCaller } from '@companion/content';
import { parseYesNo, YES_NO_EXPECTED } from '@companion/schema';
import { ConfigError } from '@companion/http-kit';

export interface ServiceConfig {
  port: number;
  host: string;
  contentDir: string;
  dataDir: string;
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Watch CONTENT_DIR for edits (hot reload); CONTENT_WATCH=off for a read-only deployment. */
  contentWatch: boolean;
  /** Answer public reads before the router (FAST_READS=off for comparisons). */
  fastReads: boolean;
  /** Answer authenticated JSON writes before the router (FAST_WRITES=off for comparisons). */
  fastWrites: boolean;
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take to finish once a stop begins. */
  shutdownGraceMs: number;
  /** PUBLIC_URL without its trailing slash: the base of absolute links; null when unset. */
  publicUrl: string | null;
  /** How often the watched content folder is compared with what was read (0: never). */
  contentReconcileMs: number;
}

type Env = Record<string, string | undefined>;

// Each setting is checked here, before anything opens, and a bad one stops start-up with one
// line naming it (ConfigError, exit code 2) instead of a stack from deep inside a library.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or empty variable means its default. */
const setting = (env: Env, name: string): string | undefined => (env[name] === '' ? undefined : env[name]);

const refuse = (name: string, expected: string, found: string) => new ConfigError(`${name}: expected ${expected}; found ${JSON.stringify(found)}`);

function port(env: Env): number {
  const value = setting(env, 'PORT') ?? '3000';
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw refuse('PORT', 'a port number 0-65535', value);
  return Number(value);
}

/** A name whose labels are all digits (`999.1.1.1`) is a mistyped IPv4 address, never a host name. */
const HOST_NAME = /^(?![\d.]+$)[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$/;

function host(env: Env): string {
  const value = setting(env, 'HOST') ?? '127.0.0.1';
  if (isIP(value) === 0 && !HOST_NAME.test(value)) {
    throw refuse('HOST', 'an IP address or host name such as 127.0.0.1, 0.0.0.0, :: or localhost', value);
  }
  return value;
}

/** One TRUST_PROXY entry as Express (proxy-addr) accepts it: a named range, an address, a subnet. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4; // a netmask such as 255.255.255.0
}

/**
 * `TRUST_PROXY`: unset, yes/no, a hop count, or addresses/subnets as Express accepts them. Digits
 * are a hop count (`1`: the nearest proxy), as Express reads them, not yes/no.
 */
function trustProxy(env: Env): boolean | number | string {
  const value = setting(env, 'TRUST_PROXY');
  if (value === undefined) return false;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const yes = parseYesNo(value);
  if (yes !== undefined) return yes;
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    throw refuse('TRUST_PROXY', `${YES_NO_EXPECTED}, a hop count, or comma-separated addresses/subnets (loopback, 10.0.0.0/8, ::1)`, value);
  }
  return entries.join(',');
}

function logLevel(env: Env): string {
  const value = setting(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw refuse('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, value);
  return value;
}

function yesNo(env: Env, name: string, fallback: boolean): boolean {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  const yes = parseYesNo(value);
  if (yes === undefined) throw refuse(name, YES_NO_EXPECTED, value);
  return yes;
}

/** Longer than the mailer's SMTP timeout (10 s), so an e-mail waiting on SMTP gets its answer. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 15_000;

function shutdownGraceMs(env: Env): number {
  const value = setting(env, 'SHUTDOWN_GRACE_MS');
  if (value === undefined) return DEFAULT_SHUTDOWN_GRACE_MS;
  if (!/^\d{1,7}$/.test(value) || Number(value) > 3_600_000) throw refuse('SHUTDOWN_GRACE_MS', 'milliseconds, 0 to 3600000', value);
  return Number(value);
}

/** `PUBLIC_URL`: where clients reach the service, an absolute http(s) URL with an optional path prefix. */
function publicUrl(env: Env): string | null {
  const value = setting(env, 'PUBLIC_URL');
  if (value === undefined) return null;
  const expected = 'an absolute http(s) URL with an optional path prefix, such as https://api.example.com or https://example.com/companion';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('PUBLIC_URL', expected, value);
  }
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash && !value.includes('?') && !value.includes('#');
  if (!plain) throw refuse('PUBLIC_URL', `${expected} (no credentials, query or fragment)`, value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}


function pathSetting(env: Env, name: string, fallback: string): string {
  const value = setting(env, name);
  return value === undefined ? resolve(fallback) : resolveFromCaller(value, env);
}

/** CONTENT_RECONCILE_MS: the bound within which a change whose event was lost is served. */
function reconcileMs(env: Env): number {
  const value = setting(env, 'CONTENT_RECONCILE_MS') ?? '60000';
  if (!/^\d{1,9}$/.test(value) || (Number(value) > 0 && Number(value) < 100)) throw refuse('CONTENT_RECONCILE_MS', 'milliseconds, at least 100 (0: never)', value);
  return Number(value);
}

/**
 * Reads the environment (all optional). Paths given are resolved against the directory the
 * command ran in (see resolveFromCaller); the defaults are the repository's own folders.
 */
export function configFromEnv(env: Env = process.env): ServiceConfig {
  return {
    port: port(env),
    host: host(env),
    contentDir: pathSetting(env, 'CONTENT_DIR', './content'),
    dataDir: pathSetting(env, 'DATA_DIR', './.data'),
    trustProxy: trustProxy(env),
    logLevel: logLevel(env),
    contentWatch: yesNo(env, 'CONTENT_WATCH', true),
    fastReads: yesNo(env, 'FAST_READS', true),
    fastWrites: yesNo(env, 'FAST_WRITES', true),
    shutdownGraceMs: shutdownGraceMs(env),
    publicUrl: publicUrl(env),
    contentReconcileMs: reconcileMs(env),
  };
}
