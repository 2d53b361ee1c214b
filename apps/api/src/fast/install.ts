import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Clock } from '@companion/schema';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { BearerFailures } from '../auth/bearer-failures';
import type { Authenticator } from '@companion/auth';
import type { ContentSource } from '../deps';
import { accessLog, allowedOrigin, API_HEADERS, corsHeaderList, type CorsPolicy, HSTS, pageHeaderList, type ReadRequest, type TrustProxy, variesByOrigin } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';
import { createFastReads } from './fast-reads';
import { createFastWrites } from './fast-writes';
import { prefers } from './prefers';

/** Express's request entry (`app.handle`), which the fast path and the metrics wrap. */
export type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

export interface FastPathSetup {
  table: readonly RouteDef[];
  content: ContentSource;
  auth: Authenticator;
  /** Addresses that failed a bearer token lately are left to Express, where their failures are counted. */
  bearerFailures: Pick<BearerFailures, 'suspect'>;
  clock: Clock;
  logger: Logger;
  trust: TrustProxy;
  cors: CorsPolicy;
  parseQuery(query: string): ReadRequest['query'];
  budgetBytes: number | undefined;
  /** Answer cacheable reads (FAST_READS) and authenticated JSON writes (FAST_WRITES) here. */
  reads: boolean;
  writes: boolean;
}

const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Puts the fast read and write paths in front of Express. `app.listen` and
 * `http.createServer(app)` both enter through `app.handle`, so answering there serves every way
 * the app is run; what the fast paths do not answer goes on into Express untouched.
 */
export function serveFastFirst(app: Express, setup: FastPathSetup): void {
  if (!setup.reads && !setup.writes) return;
  const staticCors = allowedOrigin(setup.cors, undefined, true);
  const corsHeaders = staticCors === null ? [] : corsHeaderList(staticCors);
  const log = accessLog(setup.logger);
  const reads = setup.reads && createFastReads({
    ...setup,
    headers: {
      json: [...API_HEADERS.flat(), ...corsHeaders],
      page: [...pageHeaderList(), ...corsHeaders],
      hsts: [...HSTS],
      vary: variesByOrigin(setup.cors) ? ', Origin' : '',
    },
    prefers,
    log,
    budgetBytes: setup.budgetBytes ?? DEFAULT_BUDGET_BYTES,
    onCompiled: (key, ms) => setup.logger.debug({ key, ms: Math.round(ms * 10) / 10 }, 'fast path: answer compiled'),
  });
  const writes = setup.writes && createFastWrites({ ...setup, log });
  // For benchmarks and tests: how many answers the read cache holds (one per URL or per selection).
  if (reads) app.locals.fastReadCacheEntries = reads.cacheEntries;
  if (reads) app.locals.fastReadCacheBytes = reads.cacheBytes;
  const inner = app as unknown as { handle: Handle };
  const express = inner.handle.bind(app);
  // Access lines of fast answers are written in batches; a server that closes writes its batch.
  const servers = new WeakSet<Server>();
  inner.handle = (req, res, next) => {
    const server = (req.socket as { server?: Server }).server;
    if (log && server && !servers.has(server)) {
      servers.add(server);
      server.once('close', log.flush);
    }
    if (!(reads && reads(req, res)) && !(writes && writes(req, res))) express(req, res, next);
  };
}
