import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type Logger } from 'pino';

/** Query parameters whose values are credentials or secrets, whatever the route: never logged. */
const SECRET_PARAM = /token|secret|passw|pwd|auth|key|signature|^sig$|session|credential|^code$/i;

/**
 * Paths whose text search reads people's feedback: what staff look for there (a name, an
 * address) is personal data, and a log line cannot be erased later, so the term is never logged.
 */
const PERSONAL_SEARCH = /^\/(?:api|console)\/feedback(?:\/export)?$/;
const SEARCH_PARAM = /^q$/i;
/** A value naming an e-mail address, on any route (`@` as typed or percent-encoded). */
const ADDRESS_VALUE = /@|%40/i;

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/**
 * Whether a query may name a secret parameter: every name SECRET_PARAM matches holds one of these
 * words, and a name without `%` or `+` reads as written. Most queries (`client_version=1.10.2&
 * platform=windows`) are answered by this one test instead of being split.
 */
const MAYBE_SECRET = /[%+@]|token|secret|passw|pwd|auth|key|sig|session|credential|code/i;

/**
 * The URL as it may be logged: values of credential-like query parameters replaced, and so are
 * values naming an e-mail address and the text searched in feedback.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const searchesPeople = PERSONAL_SEARCH.test(url.slice(0, q));
  if (!searchesPeople && !MAYBE_SECRET.test(url.slice(q + 1))) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq === -1) return pair;
      const decoded = decodeName(name);
      const personal = ADDRESS_VALUE.test(pair.slice(eq + 1)) || (searchesPeople && SEARCH_PARAM.test(decoded));
      return personal || SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Characters JSON escapes that a request line can carry (it is read as latin1: no lone surrogates). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const jsonString = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

// Fresh ids are this process's random prefix and a counter: unique across restarts, and without
// a random UUID per request.
const ID_PREFIX = randomUUID().slice(0, 8);
let lastId = 0;

const saneGivenId = (given: string | string[] | undefined): given is string => typeof given === 'string' && given.length <= 100;
const freshId = () => `${ID_PREFIX}-${(++lastId).toString(36)}`;

/** The request id pino-http logs: the caller's X-Request-Id when sane, else a fresh one. */
export const requestId = (req: IncomingMessage): string => {
  const given = req.headers['x-request-id'];
  return saneGivenId(given) ? given : freshId();
};

/** requestId as a JSON string: a fresh id (hex, `-`, base 36) needs no escaping. */
const requestIdJson = (req: IncomingMessage): string => {
  const given = req.headers['x-request-id'];
  return saneGivenId(given) ? jsonString(given) : `"${freshId()}"`;
};

const INFO = 30;
const FLUSH_MS = 100;
const FLUSH_BYTES = 64 * 1024;
/** Room in the batch past FLUSH_BYTES: any line of a third as many characters fits (UTF-8 takes at most three bytes a character). */
const LONG_LINE = 32 * 1024;

/** The batches still to write when the process exits (one exit listener for all of them). */
const unwritten = new Set<() => void>();
process.once('exit', () => unwritten.forEach((flush) => flush()));

/**
 * Writes pino-http's "request completed" line for an answer of the fast path, formatted here
 * rather than by a serializer pass: the same fields, to the logger's destination. Lines are
 * written in batches, at most FLUSH_MS late and FLUSH_BYTES at a time, and at exit: one write
 * system call per request cost as much as writing the answer itself. A process killed outright
 * loses at most the last FLUSH_MS of these lines. Returns null when the logger has no
 * destination to write to.
 *
 * Each line is encoded into the batch's buffer as it is made. Kept as a string, a batch is a
 * rope of some twenty pieces a line, which outlives young-generation collections until the flush
 * and is then flattened piece by piece: that cost more than making the lines.
 */
export interface AccessLog {
  write(req: IncomingMessage, status: number, startedMs: number): void;
  /** Writes the batch now (a server closing, the process exiting). */
  flush(): void;
}

export function accessLog(logger: Logger): AccessLog | null {
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  if (!stream || typeof stream.write !== 'function') return null;
  const batch = Buffer.allocUnsafe(FLUSH_BYTES + LONG_LINE);
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (used === 0) return;
    const lines = batch.toString('utf8', 0, used);
    used = 0;
    stream.write(lines);
  };
  unwritten.add(flush);
  // Clients of one kind send one User-Agent: its JSON member is made again only when it changes.
  let lastUa: string | undefined;
  let uaMember = '';
  const write = (req: IncomingMessage, status: number, startedMs: number) => {
    if (logger.levelVal > INFO) return;
    const now = Date.now();
    const ua = req.headers['user-agent'];
    if (ua !== lastUa) [lastUa, uaMember] = [ua, ua === undefined ? '' : `,"userAgent":${JSON.stringify(ua)}`];
    timer ??= setTimeout(flush, FLUSH_MS).unref();
    // An address (IPv4, IPv6, IPv4-mapped) needs no escaping.
    const line = `{"level":${INFO},"time":${now}${bindings},"req":{"id":${requestIdJson(req)},"method":"${req.method}","url":${jsonString(redactUrl(req.url ?? ''))},"remoteAddress":"${req.socket.remoteAddress ?? ''}"${uaMember}},"res":{"statusCode":${status}},"responseTime":${Math.max(0, Math.round(now - startedMs))},"msg":"request completed"}\n`;
    if (line.length * 3 > LONG_LINE) {
      // Longer than the room kept past FLUSH_BYTES (a URL of many kilobytes): written on its own, in order.
      flush();
      stream.write(line);
      return;
    }
    used += batch.write(line, used);
    if (used >= FLUSH_BYTES) flush();
  };
  return { write, flush };
}
