import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { ConfigError } from '../config-error';
import { credentialOf } from '../auth/require-scope';
import { ApiError } from './errors';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  feedback: Limit;
  email: Limit;
  catalog: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  feedback: { limit: 30, windowMs: 10 * 60_000 },
  email: { limit: 60, windowMs: 60 * 60_000 },
  catalog: { limit: 600, windowMs: 60_000 },
};

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `30/10m`, `60/1h`, `600/60s`: requests per window. */
function parseLimit(name: string, value: string): Limit {
  const match = /^(\d+)\/(\d+)([smh])$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new ConfigError(`${name}: expected COUNT/WINDOW such as 30/10m, 60/1h or 600/60s; found "${value}"`);
  return { limit: Number(match[1]), windowMs: Number(match[2]) * UNITS[match[3]!]! };
}

/** `RATE_LIMIT_FEEDBACK`, `RATE_LIMIT_EMAIL`, `RATE_LIMIT_CATALOG`, each `COUNT/WINDOW`. */
export function rateLimitsFromEnv(env: Record<string, string | undefined>): RateLimits {
  const read = (name: string, fallback: Limit) => (env[name] ? parseLimit(name, env[name]!) : fallback);
  return {
    feedback: read('RATE_LIMIT_FEEDBACK', DEFAULT_RATE_LIMITS.feedback),
    email: read('RATE_LIMIT_EMAIL', DEFAULT_RATE_LIMITS.email),
    catalog: read('RATE_LIMIT_CATALOG', DEFAULT_RATE_LIMITS.catalog),
  };
}

function limiter({ limit, windowMs }: Limit, keyGenerator?: (req: Request) => string): RequestHandler {
  return rateLimit({
    limit,
    windowMs,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(keyGenerator && { keyGenerator }),
    handler: (req, _res, next) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfter = String(Math.max(1, Math.ceil((reset - Date.now()) / 1000)));
      next(new ApiError('RATE_LIMITED', `Too many requests; retry in ${retryAfter} s.`, [], { 'Retry-After': retryAfter }));
    },
  });
}

/** Per client IP (as Express sees it: `trust proxy` decides whether X-Forwarded-For counts). */
export const limitPerClient = (limit: Limit): RequestHandler => limiter(limit);

/** Per credential; must run after requireScope. */
export const limitPerCredential = (limit: Limit): RequestHandler => limiter(limit, (req) => credentialOf(req).actor);
