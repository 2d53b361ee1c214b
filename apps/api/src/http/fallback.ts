import { answerPreflight, ApiError, bodyParserError, type CorsPolicy, envelopeBody, errorBody, redactUrl, sendEnvelope, usePagePolicy } from '@companion/http-kit';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { formatTimestamp, type Clock } from '@companion/schema';
import { errorPage } from '@companion/pages';
import { pathMatcher, type RouteDef } from '@companion/route-table';

type CompiledRoute = RouteDef & { matcher: RegExp };

/** The routes a path reaches; a literal route (`/stats`) hides a parameter (`/:flag`) beside it. */
function routesAt(routes: readonly CompiledRoute[], path: string): CompiledRoute[] {
  const matching = routes.filter((r) => r.matcher.test(path));
  const literal = matching.filter((r) => !r.path.includes(':'));
  return literal.length > 0 ? literal : matching;
}

/** The methods of `routes`, HEAD with GET. */
function methodsOf(routes: readonly CompiledRoute[]): string[] {
  const methods = new Set(routes.map((r) => r.method as string));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/** After every route: OPTIONS answers 204 (a CORS preflight as the policy allows), another method 405 (both with Allow); else 404. */
export function unmatchedRoute(table: () => readonly RouteDef[], cors: CorsPolicy): RequestHandler {
  let compiled: CompiledRoute[] | undefined;
  return (req, res) => {
    compiled ??= table().map((route) => ({ ...route, matcher: pathMatcher(route.path) }));
    const reached = routesAt(compiled, req.path);
    if (reached.length === 0) throw new ApiError('ROUTE_NOT_FOUND', `No route for ${req.method} ${req.path}.`);
    const allowed = [...methodsOf(reached), 'OPTIONS'].sort();
    const allow = allowed.join(', ');
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allow);
      answerPreflight(cors, req.headers, res, allowed, methodsOf(reached.filter((r) => !r.scope)));
      res.status(204).end();
      return;
    }
    throw new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; allowed: ${allow}.`, [], { Allow: allow });
  };
}

/** Express's own client errors, such as a path with a malformed %-escape (URIError, status 400). */
function clientError(error: unknown): ApiError | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  return new ApiError('BAD_PARAMETER', error instanceof URIError ? 'The path contains a malformed %-escape.' : 'The request is malformed.');
}

/** The HTML pages answer their errors as pages too, unless the request prefers JSON. */
const HTML_PAGES = /^\/(notices|changelog|elements|codename|errors|docs|console)(\/|$)/;
/** The API's own paths: whatever the request accepts, their errors are JSON. */
const API_PATHS = /^\/(api|health|openapi\.json|metrics)?(\/|$)/;
/**
 * An address no route has, outside the API's paths, asked for by a browser (a mistyped or old
 * page link): the site's 404 page. Only a request that names text/html above JSON gets it, so an
 * API client's `*\/*` or no Accept at all still gets ROUTE_NOT_FOUND as JSON.
 */
const browserLost = (req: Request, error: ApiError) => error.code === 'ROUTE_NOT_FOUND' && !API_PATHS.test(req.path) && req.accepts(['json', 'html']) === 'html';
const wantsHtmlError = (req: Request, error: ApiError) => (HTML_PAGES.test(req.path) && req.accepts(['html', 'json']) === 'html') || browserLost(req, error);

/** Every failure becomes the JSON error body; unexpected ones are logged, never shown. */
export function errorHandler(clock: Clock, logger: Logger, links: (html: string) => string): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let apiError = error instanceof ApiError ? error : (bodyParserError(error) ?? clientError(error));
    if (!apiError) {
      logger.error({ err: error, method: req.method, url: redactUrl(req.originalUrl) }, 'unhandled error');
      apiError = new ApiError('INTERNAL_ERROR');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A route may have said its answer can be cached before it failed: a failure never is.
    if (!/no-store/.test(String(res.getHeader('Cache-Control') ?? ''))) res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    if (wantsHtmlError(req, apiError)) {
      usePagePolicy(req, res);
      res.vary('Accept').status(apiError.status).type('text/html; charset=utf-8').send(links(errorPage(apiError.status, apiError.message)));
      return;
    }
    sendEnvelope(req, res, clock, errorBody(apiError), apiError.status);
  };
}

/**
 * Whether the refused bytes show a request that is surely not a HEAD. An answer to HEAD must not
 * carry a body (the client would read it as bytes after the closing answer), so any HEAD request
 * line in them, or bytes that do not start with a request line (a later packet of a long
 * request), count as "maybe HEAD".
 */
function surelyNotHead(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const text = rawPacket.toString('latin1');
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /.test(text) && !/(^|\n)HEAD /.test(text);
}

/**
 * Requests Node's HTTP parser refuses never reach Express (a URL or headers over 16 KiB, bytes
 * that are not HTTP); they are answered with the same JSON error body (none to HEAD), then the
 * connection closes. As in Node's own handler, nothing is written once an answer on the
 * connection has started: the refusal would land inside or after it.
 */
export function clientErrorAnswer(clock: Clock): (error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex) => void {
  return (error, socket) => {
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const apiError = error.code === 'HPE_HEADER_OVERFLOW' ? new ApiError('HEADERS_TOO_LARGE') : new ApiError('MALFORMED_REQUEST');
    const body = envelopeBody(errorBody(apiError), formatTimestamp(clock.nowMicros()));
    const withBody = surelyNotHead(error.rawPacket);
    const head = [`HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${withBody ? Buffer.byteLength(body) : 0}`, 'Connection: close'];
    socket.end(`${head.join('\r\n')}\r\n\r\n${withBody ? body : ''}`);
  };
}
