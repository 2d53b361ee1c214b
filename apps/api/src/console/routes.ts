import { readFileSync } from 'node:fs';
import type { ErrorSearch } from '@companion/error-search';
import express, { type Router } from 'express';
import type { AppDeps } from '../deps';
import type { TrustProxy } from '../http/headers';
import { sendTagged } from '../http/respond';
import { CHART_SCRIPT, CONSOLE_SCRIPT, CONSOLE_STYLESHEET } from '../package-files';
import type { RouteDef } from '../routes/table';
import { catalogConsole } from './catalog-routes';
import { feedbackConsole } from './feedback-routes';
import { signInRoutes } from './sign-in-routes';

/** The console's static files, read once: its script and stylesheet, and Chart.js. */
const ASSETS = new Map([
  ['/console.js', { type: 'text/javascript; charset=utf-8', url: CONSOLE_SCRIPT }],
  ['/console.css', { type: 'text/css; charset=utf-8', url: CONSOLE_STYLESHEET }],
  ['/chart.umd.min.js', { type: 'text/javascript; charset=utf-8', url: CHART_SCRIPT }],
]);

/** `/console`: sign-in, the catalogue and the feedback inbox, for people in a browser. */
export function consoleRoutes(deps: AppDeps, trust: TrustProxy, search: ErrorSearch, table: () => RouteDef[]): Router {
  const { router, sessions } = signInRoutes(deps, trust);
  const assets = express.Router();
  const bodies = new Map([...ASSETS].map(([path, asset]) => [path, { type: asset.type, body: readFileSync(asset.url, 'utf8') }]));
  assets.get('/:name', (req, res, next) => {
    const asset = bodies.get(`/${req.params.name}`);
    if (!asset) return next();
    sendTagged(req, res, asset.type, asset.body);
  });
  router.use('/assets', assets);
  if (sessions) {
    router.use('/errors', catalogConsole(deps, sessions, search, table));
    router.use('/feedback', feedbackConsole(deps, sessions));
  }
  return router;
}
