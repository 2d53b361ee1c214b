import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { InFlight, type RunningRequest } from './in-flight';

export interface GracefulStopOptions {
  server: Server;
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take to finish once a stop begins. */
  graceMs: number;
  logger: Logger;
  /** Closes every store (the catalogue finishes its sync round and moves its checkpoint). */
  closeServices(): Promise<void>;
  exit(code: number): void;
  /** Figures logged with the stopping line (the fast path's cache entries, for the bench). */
  figures?: () => Record<string, unknown>;
}

const describe = (requests: readonly RunningRequest[]) => requests.map((r) => `${r.method} ${r.path} (${r.age_ms} ms)`).join(', ');

/**
 * Stops the service in order: no new connections, requests in flight finish within the grace
 * (connections with nothing running close at once, busy ones after their answer), then every
 * store closes. Exit 0 when all of that drained; 1 when the grace ran out or a second stop
 * request came first, after logging each request that was cut short. A stop requested once
 * more while the stores close exits at once.
 */
export function gracefulStop({ server, graceMs, logger, closeServices, exit, figures }: GracefulStopOptions): (reason: string, mayForce?: boolean) => void {
  const inFlight = new InFlight(server);
  let state: 'serving' | 'draining' | 'forced' | 'closing' = 'serving';
  let forced = false;
  let timer: NodeJS.Timeout | undefined;

  const force = (why: string) => {
    if (state !== 'draining') return;
    state = 'forced';
    forced = true;
    const cut = inFlight.list();
    logger.error({ requests: cut }, `${why}: ${cut.length} request(s) still running, cut short: ${describe(cut)}`);
    server.closeAllConnections();
  };

  const closeStores = async () => {
    clearTimeout(timer);
    state = 'closing';
    try {
      await closeServices();
    } catch (error) {
      forced = true;
      logger.error({ err: error }, 'closing the stores failed');
    }
    if (forced) logger.warn('stopped before everything drained (exit 1)');
    else logger.info('stopped: every request answered, every store closed');
    exit(forced ? 1 : 0);
  };

  // `mayForce` false: a cause that may come on top of a signal (the parent exiting as a
  // launcher relays the signal and ends) only starts a stop, never forces one.
  return (reason, mayForce = true) => {
    if (state !== 'serving' && !mayForce) return;
    if (state === 'draining') return force(`${reason} again`);
    if (state !== 'serving') {
      logger.warn(`${reason} again: exiting without waiting for the stores`);
      return exit(1);
    }
    state = 'draining';
    logger.info({ ...figures?.(), in_flight: inFlight.size, grace_ms: graceMs }, `${reason}: stopping; no new connections, up to ${graceMs} ms for ${inFlight.size} request(s) in flight`);
    const closed = new Promise<void>((done) => server.close(() => done()));
    inFlight.endConnections();
    timer = setTimeout(() => force(`${reason}: the grace of ${graceMs} ms ran out`), graceMs);
    void closed.then(closeStores);
  };
}
