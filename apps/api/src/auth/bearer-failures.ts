import type { Options, Store } from 'express-rate-limit';
import { MEMORY_RATE_LIMIT_COUNTERS } from '@companion/rate-limit-store';
import type { NextFunction, Request, Response } from 'express';
import { ApiError, BoundedMap, clientIp } from '@companion/http-kit';
import type { LimiterDeps } from '../http/rate-limit';
import type { Authenticator } from '@companion/auth';

/** Addresses remembered as having failed lately, for the fast path's test (about 100 bytes each). */
const SUSPECTS_BUDGET = 4 * 1024 * 1024;

/**
 * A limit on failed bearer tokens per client address (OWASP Authentication: count failures, not
 * successes). Every request with an Authorization header passes here before its route: a token
 * that is not valid counts one failure; once an address has `limit` failures in the window, every
 * bearer request from it is refused with 429 until the window ends, a valid token's too (else
 * the answer would tell a right guess from a wrong one). Counts are shared by replicas through
 * the rate-limit counters when there are some, kept in memory otherwise; a store that cannot
 * count lets requests pass, as every limiter does.
 */
export class BearerFailures {
  private readonly store: Store;
  private readonly limit: number;
  private readonly windowMs: number;
  /** Addresses with a failure in the current window here: the fast path leaves them to Express, which asks the store. */
  private readonly suspects = new BoundedMap<string, number>(SUSPECTS_BUDGET);

  constructor(
    private readonly auth: Authenticator,
    deps: LimiterDeps,
  ) {
    ({ limit: this.limit, windowMs: this.windowMs } = deps.rateLimits.bearerFailures);
    this.store = (deps.rateLimitCounters ?? MEMORY_RATE_LIMIT_COUNTERS).store('bearer-failures');
    void this.store.init?.({ windowMs: this.windowMs } as Options);
  }

  /** Whether `ip` failed lately on this replica (a cheap synchronous test for the fast path). */
  suspect(ip: string): boolean {
    const until = this.suspects.get(ip);
    return until !== undefined && until > Date.now();
  }

  readonly middleware = async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (header === undefined) return next();
    const ip = clientIp(req);
    const seen = await Promise.resolve(this.store.get?.(ip)).catch(() => undefined);
    if (seen && seen.totalHits >= this.limit) {
      this.suspects.set(ip, (seen.resetTime?.getTime() ?? Date.now() + this.windowMs), 100);
      const retryAfter = String(Math.max(1, Math.ceil(((seen.resetTime?.getTime() ?? Date.now() + this.windowMs) - Date.now()) / 1000)));
      throw new ApiError('RATE_LIMITED', `Too many requests with a credential that is not valid from this address; retry in ${retryAfter} s.`, [], { 'Retry-After': retryAfter, 'WWW-Authenticate': 'Bearer realm="companion"' });
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match && this.auth.verify(match[1]!)) return next();
    const counted = await Promise.resolve(this.store.increment(ip)).catch(() => undefined);
    this.suspects.set(ip, counted?.resetTime?.getTime() ?? Date.now() + this.windowMs, 100);
    next();
  };
}
