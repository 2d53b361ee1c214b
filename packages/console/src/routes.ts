import { readFileSync } from 'node:fs';
import type { ErrorSearch } from '@companion/error-search';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { ConsoleDeps } from './deps';
import { ApiError, sendTagged, type TrustProxy } from '@companion/http-kit';
import { CHART_SCRIPT, CONSOLE_SCRIPT, CONSOLE_STYLESHEET } from './package-files';
import { activityConsole } from './activity-routes';
import { catalogConsole } from './catalog-routes';
import { deleteConsole } from './delete-routes';
import { draftsConsole } from './drafts-routes';
import { feedbackConsole } from './feedback-routes';
import { releaseConsole } from './release-routes';
import { searchAnalyticsConsole } from './search-analytics-routes';
import { escapeHtml } from '@companion/html';
import { consolePage } from './layout';
import { page, signInRoutes } from './sign-in-routes';

/** The console's static files, read once: its script and stylesheet, and Chart.js. */
const ASSETS = new Map([
  ['/console.js', { type: 'text/javascript; charset=utf-8', url: CONSOLE_SCRIPT }],
  ['/console.css', { type: 'text/css; charset=utf-8', url: CONSOLE_STYLESHEET }],
  ['/chart.umd.min.js', { type: 'text/javascript; charset=utf-8', url: CHART_SCRIPT }],
]);

/** `/console`: sign-in, the catalogue and the feedback inbox, for people in a browser. */
export function consoleRoutes(deps: ConsoleDeps, trust: TrustProxy, search: ErrorSearch): Router {
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
    router.use('/errors', deleteConsole(deps, sessions), catalogConsole(deps, sessions, search));
    router.use('/drafts', draftsConsole(deps, sessions));
    router.use('/activity', activityConsole(deps, sessions));
    router.use('/feedback', feedbackConsole(deps, sessions));
    router.use('/releases', releaseConsole(deps, sessions));
    router.use('/search', searchAnalyticsConsole(deps, sessions, search));
  }
  // Whatever else is under /console answers as the console does, not as the public site.
  router.use(async (req, res) => {
    const person = sessions ? await sessions.read(req) : null;
    page(req, res, consolePage('Not found', `<h1>Not found</h1><p class="lead">The console has no page at <code>${escapeHtml(req.originalUrl.split('?')[0]!.slice(0, 200))}</code>.</p><p><a href="/console">The console's home</a></p>`, person), 404);
  });
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return next(error);
    // The console's own page for a limit, saying when to try again.
    const seconds = Number(error.headers['Retry-After'] ?? 60);
    const at = new Date(Date.now() + seconds * 1000).toISOString().slice(11, 19);
    res.setHeader('Retry-After', String(seconds));
    void (sessions ? sessions.read(req) : Promise.resolve(null)).then((person) => {
      const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
      page(req, res, consolePage('Too many attempts', `<h1>Too many attempts</h1><p class="lead" role="alert">Too many requests from here in a short time. Try again in ${wait} (at ${at} UTC).</p><p>Nothing you sent was saved; going back keeps what you typed.</p>`, person), 429);
    });
  });
  return router;
}
