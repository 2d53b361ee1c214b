import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@companion/schema';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { type Authenticator, credentialWithScope, rememberCredential } from '@companion/auth';
import type { BearerFailures } from '../auth/bearer-failures';
import { type AccessLog, allowedOrigin, API_HEADERS, ApiError, arrivedOverHttps, BODY_LIMIT_BYTES, bodyProblems, type CorsPolicy, envelopeBody, errorBody, EXPOSED_HEADERS, HSTS, markRoute, redactUrl, requestId, routeMark, type RouteMark, type TrustProxy, unmappedIp, variesByOrigin } from '@companion/http-kit';
import { pathMatcher, type RouteDef } from '@companion/route-table';
import { stampOf } from './stamp';

export interface FastWritesOptions {
  table: readonly RouteDef[];
  auth: Authenticator;
  bearerFailures: Pick<BearerFailures, 'suspect'>;
  clock: Clock;
  logger: Logger;
  trust: TrustProxy;
  cors: CorsPolicy;
  log: AccessLog | null;
}

interface WriteRoute {
  route: RouteDef;
  mark: RouteMark;
  matcher: RegExp;
  /** Path segment index -> parameter name. */
  params: [number, string][];
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The Content-Types taken here: what body-parser reads as UTF-8 JSON without a question. */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
/** Segments taken as parameters here: nothing Express would %-decode. */
const PLAIN_URL = /^[A-Za-z0-9/_.~-]+$/;

/**
 * Authenticated JSON writes answered before Express, for routes that declare `write`: the
 * credential, the rate limit (the route's own limiter instance), the body (64 KiB, UTF-8 JSON,
 * __proto__ & co.) and the answer, with the status, headers and body Express gives. Only the
 * plain case is taken, decided before anything is counted or read: a query string, a %-escape,
 * a credential Express would refuse, a Content-Type other than plain JSON, a compressed or
 * chunked or oversized body, or a client address a trusted proxy may speak for all go on into
 * Express, which answers them (401, 403, 413, 415, 400) as it always has.
 */
export function createFastWrites(options: FastWritesOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { auth, bearerFailures, clock, logger, trust, cors, log } = options;
  // Express's routing: the first route of the method whose path matches decides, in table order.
  const routes = options.table
    .filter((route) => WRITE_METHODS.has(route.method))
    .map<WriteRoute>((route) => ({
      route,
      mark: routeMark(route.path, true),
      matcher: pathMatcher(route.path),
      params: route.path.split('/').flatMap((segment, i): [number, string][] => (segment.startsWith(':') ? [[i, segment.slice(1)]] : [])),
    }));
  const listed = variesByOrigin(cors);

  return (req, res) => {
    const method = req.method!;
    if (!WRITE_METHODS.has(method)) return false;
    const url = req.url!;
    if (!PLAIN_URL.test(url)) return false;
    const found = routes.find((r) => r.route.method === method && r.matcher.test(url));
    const write = found?.route.write;
    if (!found || !write) return false;
    const { route } = found;
    const headers = req.headers;
    if (route.body) {
      const length = headers['content-length'];
      if (!PLAIN_JSON.has(headers['content-type']?.toLowerCase() ?? '') || headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
      if (length === undefined || !/^\d{1,6}$/.test(length) || Number(length) > BODY_LIMIT_BYTES) return false;
    }
    // With a trusted proxy in front, Express works out the client's address from X-Forwarded-For.
    const address = req.socket.remoteAddress;
    if (address === undefined || trust(address, 0) || bearerFailures.suspect(unmappedIp(address))) return false;
    const credential = credentialWithScope(auth, headers.authorization, route.scope!);
    if (!credential) return false;

    // Taken: from here on the answer is written here, with Express's headers in Express's order.
    const startedMs = Date.now();
    markRoute(req, found.mark);
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    if (arrivedOverHttps(req, trust)) res.setHeader(HSTS[0], HSTS[1]);
    res.setHeader('Cache-Control', 'no-store');
    if (listed) res.setHeader('Vary', 'Origin');
    const origin = allowedOrigin(cors, headers.origin, false);
    if (origin !== null) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    rememberCredential(req, credential);

    const send = (status: number, members: string, extra?: Record<string, string>) => {
      if (extra) for (const name in extra) res.setHeader(name, extra[name]!);
      const body = envelopeBody(members, stampOf(clock.nowMicros()));
      res.statusCode = status;
      res.setHeader('Content-Type', JSON_TYPE);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
      accessLine(req, status, startedMs);
    };
    const fail = (error: unknown) => {
      let apiError = error instanceof ApiError ? error : null;
      if (!apiError) {
        logger.error({ err: error, method: req.method, url: redactUrl(req.url!) }, 'unhandled error');
        apiError = new ApiError('INTERNAL_ERROR');
      }
      if (res.headersSent) res.destroy();
      else send(apiError.status, errorBody(apiError), apiError.headers);
    };
    const run = (body: unknown) => {
      const params: Record<string, string> = {};
      if (found.params.length > 0) {
        const segments = url.split('/');
        for (const [i, name] of found.params) params[name] = segments[i]!;
      }
      write
        .handle({ keyed: { method, path: url, authorization: headers.authorization, key: route.idempotent ? headers['idempotency-key'] : undefined }, body, params, who: { ip: unmappedIp(address), actor: credential.actor }, ...(headers['if-match'] !== undefined && { ifMatch: headers['if-match'] }) })
        .then((answer) => send(answer.status, answer.members, answer.headers), fail);
    };

    write.limiter(req as Request, res as unknown as Response, (error?: unknown) => {
      if (error) fail(error);
      else if (route.body) readJson(req, (problem, body) => (problem ? fail(problem) : run(body)));
      else run(undefined);
    });
    return true;
  };

  /** pino-http's line for the answer: "request completed" in the batch, or "request errored" (5xx) through the logger. */
  function accessLine(req: IncomingMessage, status: number, startedMs: number): void {
    if (status < 500) return log?.write(req, status, startedMs);
    const ua = req.headers['user-agent'];
    logger.info(
      {
        req: { id: requestId(req), method: req.method, url: redactUrl(req.url!), remoteAddress: req.socket.remoteAddress, ...(ua !== undefined && { userAgent: ua }) },
        res: { statusCode: status },
        err: new Error(`failed with status code ${status}`),
        responseTime: Date.now() - startedMs,
      },
      'request errored',
    );
  }
}

/**
 * Reads a body of at most Content-Length bytes (checked by the caller) and parses it as
 * body-parser does for `express.json({ strict: false })`: UTF-8, a leading BOM dropped, an empty
 * body read as `{}`, JSON.parse's own message on bad JSON; then the same __proto__ and depth checks.
 */
function readJson(req: IncomingMessage, done: (problem: ApiError | null, body?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let settled = false;
  const settle = (problem: ApiError | null, body?: unknown) => {
    if (settled) return;
    settled = true;
    done(problem, body);
  };
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', () => settle(new ApiError('INVALID_JSON', 'The request body was incomplete.')));
  req.on('aborted', () => settle(new ApiError('INVALID_JSON', 'The request body was incomplete.')));
  req.on('end', () => {
    let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    let body: unknown;
    try {
      body = text.length === 0 ? {} : JSON.parse(text);
    } catch (error) {
      return settle(new ApiError('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}`));
    }
    const problems = bodyProblems(body);
    settle(problems.length > 0 ? new ApiError('VALIDATION_FAILED', undefined, problems) : null, body);
  });
}
