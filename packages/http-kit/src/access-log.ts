import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type Logger } from 'pino';
import { paramAt } from './install-query';

/**
 * Query parameters whose values are credentials or secrets, whatever the route, and an install's
 * id (kept nowhere but as a keyed hash: docs/API.md, "Release health"): never logged.
 */
const SECRET_PARAM = /token|secret|passw|pwd|auth|key|signature|^sig$|session|credential|^code$|^install_id$/i;

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
 * `install_id=<value>` as written, in the query starting at `q`, with its value replaced: every
 * update check of an install names one, so it is found without splitting the query. (Written
 * otherwise, `install%5Fid` say, the query holds a `%` and SECRET_PARAM finds it.)
 */
function withoutInstallIds(url: string, q: number): string {
  for (let at = paramAt(url, 'install_id', q); at !== -1; at = paramAt(url, 'install_id', at + 1)) {
    const end = url.indexOf('&', at);
    url = `${url.slice(0, at)}install_id=[redacted]${end === -1 ? '' : url.slice(end)}`;
  }
  return url;
}

/**
 * The URL as it may be logged: values of credential-like query parameters and install ids
 * replaced, and so are values naming an e-mail address and the text searched in feedback.
 */
export function redactUrl(given: string): string {
  const q = given.indexOf('?');
  if (q === -1) return given;
  const url = withoutInstallIds(given, q);
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

/**
 * A line's pieces written as UTF-8 into a buffer by JavaScript, with no string made for the line:
 * a line built as a string is a rope of some twenty pieces, and each later step (encoding it,
 * measuring it) flattens it first; that cost more than the rest of the line's work.
 */
class LineBytes {
  at = 0;

  constructor(readonly bytes: Buffer) {}

  raw(piece: Uint8Array): void {
    this.bytes.set(piece, this.at);
    this.at += piece.length;
  }

  /**
   * `text` as UTF-8 (a lone surrogate as U+FFFD, as Buffer writes it); with `json`, false and
   * nothing kept when it holds a character a JSON string must escape.
   */
  text(text: string, json: boolean): boolean {
    const b = this.bytes;
    let at = this.at;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        if (json && (c < 0x20 || c === 0x22 || c === 0x5c)) return false;
        b[at++] = c;
      } else if (c < 0x800) {
        b[at++] = 0xc0 | (c >> 6);
        b[at++] = 0x80 | (c & 0x3f);
      } else {
        const low = c < 0xdc00 && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c >= 0xd800 && c < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
          const point = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          b[at++] = 0xf0 | (point >> 18);
          b[at++] = 0x80 | ((point >> 12) & 0x3f);
          b[at++] = 0x80 | ((point >> 6) & 0x3f);
          b[at++] = 0x80 | (point & 0x3f);
          i++;
          continue;
        }
        if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
        b[at++] = 0xe0 | (c >> 12);
        b[at++] = 0x80 | ((c >> 6) & 0x3f);
        b[at++] = 0x80 | (c & 0x3f);
      }
    }
    this.at = at;
    return true;
  }

  /** `text` as a JSON string: as it is between quotes when nothing needs escaping, else as JSON.stringify writes it. */
  json(text: string): void {
    this.bytes[this.at++] = 0x22;
    if (this.text(text, true)) this.bytes[this.at++] = 0x22;
    else {
      this.at--;
      this.text(JSON.stringify(text), false);
    }
  }

  /** A whole number, not negative, in decimal. */
  number(n: number): void {
    let digits = 1;
    for (let power = 10; power <= n; power *= 10) digits++;
    let at = (this.at += digits);
    do {
      const digit = n % 10;
      this.bytes[--at] = 0x30 + digit;
      n = (n - digit) / 10;
    } while (n > 0);
  }
}

const INFO = 30;
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

/**
 * The URL as an access line holds it: redacted (redactUrl), as a JSON string, in UTF-8. For a
 * caller that logs the same URL again and again, made once (see AccessLog's `write`).
 */
export const loggedUrl = (url: string): Uint8Array => bytesOf(JSON.stringify(redactUrl(url)));

const LINE = {
  start: bytesOf(`{"level":${INFO},"time":`),
  id: bytesOf(',"req":{"id":'),
  method: bytesOf(',"method":"'),
  url: bytesOf('","url":'),
  address: bytesOf(',"remoteAddress":"'),
  quote: bytesOf('"'),
  status: bytesOf('},"res":{"statusCode":'),
  responseTime: bytesOf('},"responseTime":'),
  end: bytesOf(',"msg":"request completed"}\n'),
};
/** Bytes of a line beside its strings (the pieces above, the numbers, an address). */
const LINE_FIXED_BYTES = Object.values(LINE).reduce((sum, piece) => sum + piece.length, 0) + 128;

const FLUSH_MS = 100;
const FLUSH_BYTES = 64 * 1024;
/** Room in the batch past FLUSH_BYTES for the line that crosses it: a longer line is written on its own. */
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
 * Each line is written into the batch's buffer as it is made (see LineBytes).
 */
export interface AccessLog {
  /** `url`: the request's URL as loggedUrl made it, when the caller keeps it; else it is made from `req.url`. */
  write(req: IncomingMessage, status: number, startedMs: number, url?: Uint8Array): void;
  /** Writes the batch now (a server closing, the process exiting). */
  flush(): void;
}

export function accessLog(logger: Logger): AccessLog | null {
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  if (!stream || typeof stream.write !== 'function') return null;
  const batch = new LineBytes(Buffer.allocUnsafe(FLUSH_BYTES + LONG_LINE));
  const bindingBytes = bytesOf(bindings);
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.at === 0) return;
    const lines = batch.bytes.toString('utf8', 0, batch.at);
    batch.at = 0;
    stream.write(lines);
  };
  unwritten.add(flush);
  // Clients of one kind send one User-Agent: its JSON member is encoded again only when it changes.
  let lastUa: string | undefined;
  let uaMember = new Uint8Array(0);
  const write = (req: IncomingMessage, status: number, startedMs: number, keptUrl?: Uint8Array) => {
    if (logger.levelVal > INFO) return;
    const now = Date.now();
    const ua = req.headers['user-agent'];
    if (ua !== lastUa) [lastUa, uaMember] = [ua, ua === undefined ? new Uint8Array(0) : bytesOf(`,"userAgent":${JSON.stringify(ua)}`)];
    timer ??= setTimeout(flush, FLUSH_MS).unref();
    const id = requestId(req);
    const url = keptUrl === undefined ? redactUrl(req.url ?? '') : '';
    // At most six bytes a character of what may need escaping (`\u001f`), three of the rest.
    const bound = LINE_FIXED_BYTES + bindingBytes.length + uaMember.length + (keptUrl?.length ?? 0) + 6 * (url.length + id.length) + 3 * (req.method?.length ?? 0);
    // Longer than the room kept past FLUSH_BYTES (a URL of many kilobytes): a line of its own, after the batch.
    const alone = bound > LONG_LINE;
    if (alone || batch.at + bound > batch.bytes.length) flush();
    const line = alone ? new LineBytes(Buffer.allocUnsafe(bound)) : batch;
    line.raw(LINE.start);
    line.number(now);
    line.raw(bindingBytes);
    line.raw(LINE.id);
    line.json(id);
    line.raw(LINE.method);
    line.text(req.method ?? '', false);
    line.raw(LINE.url);
    if (keptUrl === undefined) line.json(url);
    else line.raw(keptUrl);
    // An address (IPv4, IPv6, IPv4-mapped) needs no escaping.
    line.raw(LINE.address);
    line.text(req.socket.remoteAddress ?? '', false);
    line.raw(LINE.quote);
    line.raw(uaMember);
    line.raw(LINE.status);
    line.number(status);
    line.raw(LINE.responseTime);
    line.number(Math.max(0, Math.round(now - startedMs)));
    line.raw(LINE.end);
    if (alone) stream.write(line.bytes.toString('utf8', 0, line.at));
    else if (batch.at >= FLUSH_BYTES) flush();
  };
  return { write, flush };
}
