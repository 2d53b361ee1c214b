import { resolve } from 'node:path';
import { ConfigError } from './config-error';

export interface ServiceConfig {
  port: number;
  host: string;
  contentDir: string;
  dataDir: string;
  trustProxy: boolean | number | string;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

function port(env: Env): number {
  const value = env.PORT ?? '3000';
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new ConfigError(`PORT: expected a port number 0-65535; found "${value}"`);
  return n;
}

/** `TRUST_PROXY`: unset/false, true, a hop count, or addresses/subnets as Express accepts them. */
function trustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads the environment (all optional); paths are resolved against the working directory. */
export function configFromEnv(env: Env = process.env): ServiceConfig {
  return {
    port: port(env),
    host: env.HOST || '127.0.0.1',
    contentDir: resolve(env.CONTENT_DIR || './content'),
    dataDir: resolve(env.DATA_DIR || './.data'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
