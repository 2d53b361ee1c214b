import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { StorageUnavailableError } from '@companion/journal';
import { MEMORY_RATE_LIMIT_COUNTERS, type RateLimitCounters } from '@companion/rate-limit-store';
import type { Logger } from 'pino';
import { ApiError, clientIp, ConfigError, maskIp } from '@companion/http-kit';
import { credentialOf } from '@companion/auth';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  feedback: Limit;
  email: Limit;
  catalog: Limit;
  /** Failed console sign-ins per client IP: a token is not guessed one form at a time (successes are not counted). */
  signIn: Limit;
  /** Requests with a bearer token that is not valid, per client IP: past it, every bearer request from there is 429. */
  bearerFailures: Limit;
  /** Install credentials issued per network (IPv4 /24, IPv6 /48): what it costs to make installs up. */
  installs: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  feedback: { limit: 30, windowMs: 10 * 60_000 },
  email: { limit: 60, windowMs: 60 * 60_000 },
  catalog: { limit: 600, windowMs: 60_000 },
  signIn: { limit: 20, windowMs: 10 * 60_000 },
  bearerFailures: { limit: 20, windowMs: 10 * 60_000 },
  installs: { limit: 20, windowMs: 60 * 60_000 },
};

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `30/10m`, `60/1h`, `600/60s`: requests per window. */
function parseLimit(name: string, value: string): Limit {
  const match = /^(\d+)\/(\d+)([smh])$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new ConfigError(`${name}: expected COUNT/WINDOW such as 30/10m, 60/1h or 600/60s; found "${value}"`);
  return { limit: Number(match[1]), windowMs: Number(match[2]) * UNITS[match[3]!]! };
}

/** `RATE_LIMIT_FEEDBACK`, `RATE_LIMIT_EMAIL`, `RATE_LIMIT_CATALOG`, `RATE_LIMIT_SIGN_IN`, `RATE_LIMIT_BEARER_FAILURES`, `RATE_LIMIT_INSTALLS`, each `COUNT/WINDOW`. */
export function rateLimitsFromEnv(env: Record<string, string | undefined>): RateLimits {
  const read = (name: string, fallback: Limit) => (env[name] ? parseLimit(name, env[name]!) : fallback);
  return {
    feedback: read('RATE_LIMIT_FEEDBACK', DEFAULT_RATE_LIMITS.feedback),
    email: read('RATE_LIMIT_EMAIL', DEFAULT_RATE_LIMITS.email),
    catalog: read('RATE_LIMIT_CATALOG', DEFAULT_RATE_LIMITS.catalog),
    signIn: read('RATE_LIMIT_SIGN_IN', DEFAULT_RATE_LIMITS.signIn),
    bearerFailures: read('RATE_LIMIT_BEARER_FAILURES', DEFAULT_RATE_LIMITS.bearerFailures),
    installs: read('RATE_LIMIT_INSTALLS', DEFAULT_RATE_LIMITS.installs),
  };
}

/** What a limiter needs from the app: its limits, the shared counters if any, the log. */
export interface LimiterDeps {
  rateLimits: RateLimits;
  /** Counters shared by replicas (PostgreSQL); without them, each limiter counts in this process's memory (express-rate-limit's MemoryStore). */
  rateLimitCounters?: RateLimitCounters | null;
  logger: Logger;
}

function limiter(deps: LimiterDeps, name: keyof RateLimits, counter: string, keyGenerator?: (req: Request) => string, failuresOnly = false, times = 1): RequestHandler {
  const { windowMs } = deps.rateLimits[name];
  const limit = deps.rateLimits[name].limit * times;
  return rateLimit({
    limit,
    windowMs,
    // An answer below 400 gives its count back: only failures are counted.
    skipSuccessfulRequests: failuresOnly,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(keyGenerator && { keyGenerator }),
    store: (deps.rateLimitCounters ?? MEMORY_RATE_LIMIT_COUNTERS).store(counter),
    // Fail open: a database that cannot count must not turn every write into an error. The
    // store's fault is logged once when it starts and once when it ends (and shown in /health).
    passOnStoreError: true,
    logger: {
      error: (error, message) => {
        if (!(error instanceof StorageUnavailableError)) deps.logger.error({ err: error }, message ?? 'rate limiter failed');
      },
      warn: (error, message) => deps.logger.warn({ err: error }, message ?? 'rate limiter warning'),
    },
    handler: (req, _res, next) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfter = String(Math.max(1, Math.ceil((reset - Date.now()) / 1000)));
      next(new ApiError('RATE_LIMITED', `Too many requests; retry in ${retryAfter} s.`, [], { 'Retry-After': retryAfter }));
    },
  });
}

/** Per network of the client IP (IPv4 /24, IPv6 /48): one address or a few hundred next to it count alike. */
export const limitPerNetwork = (deps: LimiterDeps, name: keyof RateLimits): RequestHandler => limiter(deps, name, name, (req) => maskIp(clientIp(req)));

/** Per client IP (as Express sees it: `trust proxy` decides whether X-Forwarded-For counts). */
export const limitPerClient = (deps: LimiterDeps, name: keyof RateLimits): RequestHandler => limiter(deps, name, name);

/** How many times a console sign-in's limit of failures one client address may fail, whatever tokens it types. */
const SIGN_IN_ADDRESS_FACTOR = 5;

/**
 * Failed console sign-ins (OWASP's authentication guidance: failures, never successes). Counted
 * per client address and token typed, at the sign-in limit: a person retyping a wrong token is
 * stopped alone. And per client address, whatever the token, at SIGN_IN_ADDRESS_FACTOR times
 * that limit: guessing from one address stays bounded, but once that cap is reached everyone
 * behind the address (a NAT, an office proxy) is refused until the window ends, good tokens too.
 * Behind a reverse proxy without TRUST_PROXY every client has the proxy's address, so the cap
 * locks out the whole console. The token is counted as a short digest of its own (never the
 * tokens file's hash); runs after the form's body is read.
 */
export function limitSignInFailures(deps: LimiterDeps): RequestHandler {
  const typed = (req: Request) => {
    const token = (req.body as Record<string, unknown> | undefined)?.token;
    return createHash('sha256').update(`console sign-in\u0000${typeof token === 'string' ? token.trim() : ''}`).digest('base64url').slice(0, 16);
  };
  const perToken = limiter(deps, 'signIn', 'signIn', (req) => `${clientIp(req)} ${typed(req)}`, true);
  const perAddress = limiter(deps, 'signIn', 'signInAddress', undefined, true, SIGN_IN_ADDRESS_FACTOR);
  return (req, res, next) => perAddress(req, res, (error?: unknown) => (error ? next(error) : perToken(req, res, next)));
}

/**
 * Per person (the credential's stable id, never a name they chose); must run after requireScope.
 * `counter` (default: the limit's name) lets two limiters with one setting keep separate counts,
 * as each limiter does in memory.
 */
export const limitPerCredential = (deps: LimiterDeps, name: keyof RateLimits, counter: string = name): RequestHandler => limiter(deps, name, counter, (req) => credentialOf(req).id);
