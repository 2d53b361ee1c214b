import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '@companion/schema';
import { pathMatcher, type RouteDef } from '../routes/table';
import { ApiError } from './errors';
import { bodyParserError } from './json-body';
import { errorBody, sendEnvelope } from './respond';

/** After every route: 405 with Allow when the path exists under other methods, else 404. */
export function notFound(table: () => readonly RouteDef[]): RequestHandler {
  let matchers: { method: string; matcher: RegExp }[] | undefined;
  return (req) => {
    matchers ??= table().map((r) => ({ method: r.method, matcher: pathMatcher(r.path) }));
    const allowed = new Set(matchers.filter((m) => m.matcher.test(req.path)).map((m) => m.method));
    if (allowed.size > 0) {
      if (allowed.has('GET')) allowed.add('HEAD');
      const allow = [...allowed].sort().join(', ');
      throw new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; allowed: ${allow}.`, [], { Allow: allow });
    }
    throw new ApiError('ROUTE_NOT_FOUND', `No route for ${req.method} ${req.path}.`);
  };
}

/** Every failure becomes the JSON error body; unexpected ones are logged, never shown. */
export function errorHandler(clock: Clock, logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let apiError = error instanceof ApiError ? error : bodyParserError(error);
    if (!apiError) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
      apiError = new ApiError('INTERNAL_ERROR');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    sendEnvelope(req, res, clock, errorBody(apiError), apiError.status);
  };
}
