import { performance } from 'node:perf_hooks';
import { parse } from 'node:querystring';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './deps';
import { BearerFailures } from './auth/bearer-failures';
import { serveFastFirst, type Handle } from './fast/install';
import { expressRead } from './fast/express-read';
import { expressWrite } from './fast/express-write';
import { apiHeaders, corsForRoute, DEFAULT_CORS, onlyQuery, redactUrl, requestId, type TrustProxy } from '@companion/http-kit';
import { errorHandler, unmatchedRoute } from './http/fallback';
import { pageLinks } from '@companion/pages';
import { CONSOLE, consoleRoutes, type ConsoleDeps } from '@companion/console';
import { readingRoutes } from './pages/reading-routes';
import { pageRoutes } from './pages/routes';
import { changelogRoutes } from './routes/changelog';
import { changelogSinceRoutes } from './routes/changelog-since';
import { installRoutes } from './routes/installs';
import { updaterFeedRoutes } from './routes/updater-feeds';
import { codenameRoutes } from './routes/codenames';
import { docsRoutes } from './routes/docs';
import { emailRoutes } from './routes/email';
import { errorReadRoutes } from './routes/errors-read';
import { errorPageRoutes } from './pages/error-routes';
import { ErrorSearch } from '@companion/error-search';
import { errorLogRoutes } from './routes/errors-log';
import { errorPendingRoutes } from './routes/errors-pending';
import { errorWriteRoutes } from './routes/errors-write';
import { feedbackRoutes } from './routes/feedback';
import { feedRoutes } from './routes/feeds';
import { healthRoutes, type HealthPart } from './routes/health';
import { monitoringRoutes } from './routes/monitoring';
import { ServiceMetrics } from '@companion/metrics';
import { noticeEventRoutes } from './routes/notice-event';
import { noticeRoutes } from './routes/notices';
import { releaseHealthRoutes } from './routes/release-health';
import { serviceIndexRoutes } from './routes/service-index';
import type { RouteDef } from '@companion/route-table';
import { entryTag } from './routes/entry-tag';
import { limitPerCredential, limitSignInFailures } from './http/rate-limit';
import { withHalts } from '@companion/release-guard';

const healthParts = ({ catalog, feedback, mailer, rateLimitCounters }: AppDeps): HealthPart[] => [
  // Its merge with the files (pending, conflicts) is /health's `catalog`.
  { name: 'catalog', report: () => (({ pending: _p, conflicts: _c, log_id: _l, log_ancestors: _a, ...log }) => log)(catalog.health()) },
  { name: 'feedback', report: () => feedback.health() },
  { name: 'mail', report: () => mailer.health() },
  // Counters in memory cannot fail; shared ones can (requests then pass without a limit).
  ...(rateLimitCounters ? [{ name: 'rate_limits', report: () => rateLimitCounters.health() }] : []),
];

/** What the console is given: the app's stores and services, the API's write operations and limiters, and its entry tags. */
const consoleDeps = (deps: AppDeps, routes: () => readonly RouteDef[]): ConsoleDeps => ({
  ...deps,
  apiWrite: (method, path) => routes().find((r) => r.method === method && r.path === path)?.write,
  limiters: {
    perPerson: (counter) => limitPerCredential(deps, 'catalog', counter),
    signInFailures: () => limitSignInFailures(deps),
  },
  entryTag,
});

/** Builds the Express app from its dependencies; it does not listen (see main.ts). */
export function createApp(given: AppDeps): Express {
  // Every route reads the content with halted rollouts marked, so none offers a halted release.
  const deps: AppDeps = { ...given, content: withHalts(given.content, given.halts) };
  const app = express();
  app.set('etag', false); // strong ETags are set per response, over the data only
  app.set('x-powered-by', false);
  app.set('trust proxy', deps.trustProxy);
  app.set('case sensitive routing', true);
  // Every parameter is read, so none hides past a key limit from the unknown-parameter check.
  const parseQuery = (query: string) => parse(query, '&', '=', { maxKeys: 0 });
  app.set('query parser', parseQuery);
  const trust = app.get('trust proxy fn') as TrustProxy;
  const cors = deps.cors ?? DEFAULT_CORS;

  // JSON answers get the API's header policy; the HTML pages switch to helmet's page policy.
  app.use(apiHeaders(trust));
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: requestId,
      // Load balancers poll /health every few seconds: at info they would fill the log.
      customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? 'error' : (req.url ?? '').split('?')[0] === '/health' ? 'debug' : 'info'),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress, userAgent: req.headers['user-agent'] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  // Before every route: a bearer token that is not valid counts against its address.
  const bearerFailures = new BearerFailures(deps.auth, deps);
  app.use(bearerFailures.middleware);

  const startedAt = deps.clock.nowMicros();
  const locals = app.locals as { fastReadCacheEntries?: () => number; fastReadCacheBytes?: () => number };
  const metrics = new ServiceMetrics({ ...deps, fastCache: () => ({ entries: locals.fastReadCacheEntries?.() ?? 0, bytes: locals.fastReadCacheBytes?.() ?? 0 }) });
  const table: RouteDef[] = [];
  const routes = () => table;
  const [notices, changelog] = [noticeRoutes(), changelogRoutes()];
  // One index for the search and its page (services.ts builds it before the service listens).
  const errorSearch = deps.errorSearch ?? new ErrorSearch();
  table.push(
    ...serviceIndexRoutes(deps, routes),
    ...notices,
    ...noticeEventRoutes(deps),
    ...changelog,
    ...changelogSinceRoutes(deps.adoption),
    ...installRoutes(deps),
    ...updaterFeedRoutes(deps.adoption, deps.content),
    ...feedRoutes(deps),
    ...codenameRoutes(),
    ...pageRoutes(deps),
    ...readingRoutes([...notices, ...changelog], deps),
    ...feedbackRoutes(deps, deps.feedback),
    ...releaseHealthRoutes(deps),
    // Before the reads: GET /api/tunnel/errors/stats and /logs must not be taken for a Flag.
    ...errorLogRoutes(deps, deps.catalog),
    ...errorPendingRoutes(deps, deps.catalog),
    ...errorWriteRoutes(deps, deps.catalog),
    ...errorReadRoutes(errorSearch, deps.searchFeedback?.recorder),
    ...errorPageRoutes(errorSearch, deps),
    ...emailRoutes(deps, deps.mailer),
    ...healthRoutes(deps, healthParts(deps), startedAt),
    ...monitoringRoutes(deps, healthParts(deps), metrics),
    ...docsRoutes(deps, routes),
  );
  for (const route of table) {
    const read = route.read ? [expressRead(deps, route.read)] : [];
    const write = route.write ? expressWrite(deps, route) : [];
    app[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](route.path, onlyQuery(route), corsForRoute(cors, route.method === 'GET' && !route.scope), ...route.handlers, ...write, ...read);
  }
  app.use(CONSOLE, consoleRoutes(consoleDeps(deps, routes), trust, errorSearch));
  app.use(unmatchedRoute(routes, cors));
  app.use(errorHandler(deps.clock, deps.logger, pageLinks(deps.publicUrl)));
  serveFastFirst(app, {
    table,
    content: deps.content,
    auth: deps.auth,
    bearerFailures,
    clock: deps.clock,
    logger: deps.logger,
    trust,
    cors,
    parseQuery,
    budgetBytes: deps.fastCacheBytes,
    reads: deps.fastReads !== false,
    writes: deps.fastWrites !== false,
  });
  instrument(app, metrics);
  return app;
}


/**
 * Every request, fast path or Express, is counted once its answer is done (or its connection
 * gone). An answer ended before the handler returned (the fast path's) is counted at once,
 * without a listener.
 */
function instrument(app: Express, metrics: ServiceMetrics): void {
  const inner = app as unknown as { handle: Handle };
  const handle = inner.handle;
  inner.handle = (req, res, next) => {
    const started = performance.now();
    handle.call(app, req, res, next);
    if (res.writableEnded) metrics.observe(req, res, started);
    else res.once('close', () => metrics.observe(req, res, started));
  };
}
