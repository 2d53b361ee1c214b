import { randomUUID } from 'node:crypto';
import { parse } from 'node:querystring';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './deps';
import { errorHandler, unmatchedRoute } from './http/fallback';
import { onlyQuery } from './http/validate';
import { pageRoutes } from './pages/routes';
import { changelogRoutes } from './routes/changelog';
import { codenameRoutes } from './routes/codenames';
import { docsRoutes } from './routes/docs';
import { emailRoutes } from './routes/email';
import { errorReadRoutes } from './routes/errors-read';
import { errorLogRoutes } from './routes/errors-log';
import { errorWriteRoutes } from './routes/errors-write';
import { feedbackRoutes } from './routes/feedback';
import { healthRoutes, type HealthPart } from './routes/health';
import { noticeRoutes } from './routes/notices';
import { serviceIndexRoutes } from './routes/service-index';
import type { RouteDef } from './routes/table';

const healthParts = ({ catalog, feedback, mailer }: AppDeps): HealthPart[] => [
  { name: 'catalog', report: () => catalog.health() },
  { name: 'feedback', report: () => feedback.health() },
  { name: 'mail', report: () => mailer.health() },
];

/** Builds the Express app from its dependencies; it does not listen (see main.ts). */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.set('etag', false); // strong ETags are set per response, over the data only
  app.set('x-powered-by', false);
  app.set('trust proxy', deps.trustProxy);
  app.set('case sensitive routing', true);
  // Every parameter is read, so none hides past a key limit from the unknown-parameter check.
  app.set('query parser', (query: string) => parse(query, '&', '=', { maxKeys: 0 }));

  // The service may run on plain HTTP (on loopback, or behind a TLS proxy that adds its own
  // policy), so the CSP must not tell browsers to fetch its stylesheets over https.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID()),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress, userAgent: req.headers['user-agent'] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  const startedAt = deps.clock.nowMicros();
  const table: RouteDef[] = [];
  const routes = () => table;
  table.push(
    ...serviceIndexRoutes(deps, routes),
    ...noticeRoutes(deps),
    ...changelogRoutes(deps),
    ...codenameRoutes(deps),
    ...pageRoutes(deps),
    ...feedbackRoutes(deps, deps.feedback),
    // Before the reads: GET /api/tunnel/errors/stats and /logs must not be taken for a Flag.
    ...errorLogRoutes(deps, deps.catalog),
    ...errorWriteRoutes(deps, deps.catalog),
    ...errorReadRoutes(deps),
    ...emailRoutes(deps, deps.mailer),
    ...healthRoutes(deps, healthParts(deps), startedAt),
    ...docsRoutes(deps, routes),
  );
  for (const route of table) {
    app[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](route.path, onlyQuery(route), ...route.handlers);
  }
  app.use(unmatchedRoute(routes));
  app.use(errorHandler(deps.clock, deps.logger));
  return app;
}
