import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { systemClock } from '@companion/schema';
import { clientErrorAnswer } from '../src/http/fallback';

// The raw answers to requests Node's parser refuses, read byte for byte off a real socket.
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    // An answer that is still being written when the next (refused) request arrives.
    if (req.url === '/slow') {
      res.writeHead(200, { 'Content-Length': '2' });
      res.write('o');
      setTimeout(() => res.end('k'), 200);
      return;
    }
    res.end('ok');
  });
  server.on('clientError', clientErrorAnswer(systemClock));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Everything the server writes on one connection until it closes it. */
function exchange(bytes: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : fail(error)));
    socket.on('close', () => done(Buffer.concat(chunks).toString('latin1')));
    socket.end(bytes);
  });
}

/** The status, headers and what follows the head of the one answer in `text`. */
function parse(text: string): { status: number; headers: Record<string, string>; rest: string } {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine!.split(' ')[1]), headers, rest: text.slice(end + 4) };
}

const LONG_URL = `/x?q=${'q'.repeat(20_000)}`;

describe('answers to requests the HTTP parser refuses', () => {
  it.each([
    ['GET', 'a 20 kB URL', LONG_URL, 431, 'HEADERS_TOO_LARGE'],
    ['POST', 'a 20 kB URL', LONG_URL, 431, 'HEADERS_TOO_LARGE'],
    ['GET', 'a malformed request line', '/ bad', 400, 'MALFORMED_REQUEST'],
  ])('%s with %s: one closing answer, its JSON body exactly Content-Length long', async (method, _label, target, status, code) => {
    const { status: got, headers, rest } = parse(await exchange(`${method} ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect([got, headers.connection, Buffer.byteLength(rest, 'latin1')]).toEqual([status, 'close', Number(headers['content-length'])]);
    expect(JSON.parse(rest).error.code).toBe(code);
  });

  it.each([
    ['a 20 kB URL', LONG_URL, 431],
    ['a malformed request line', '/ bad', 400],
  ])('HEAD with %s: the closing answer carries no body (a client reads nothing after the head)', async (_label, target, status) => {
    const { status: got, headers, rest } = parse(await exchange(`HEAD ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect([got, headers.connection, rest]).toEqual([status, 'close', '']);
  });

  it('a node:http client sending HEAD with a long URL gets the status, not a parse error', async () => {
    const status = await new Promise<number>((done, fail) => {
      const req = request({ host: '127.0.0.1', port, method: 'HEAD', path: LONG_URL, agent: false }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode!));
      });
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(431);
  });

  it('writes nothing into an answer already under way on the connection', async () => {
    const text = await exchange('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nNOT\u0001HTTP\r\n\r\n');
    // The connection closes (as Node's own handler does); whatever left before is the 200 alone.
    expect(text === '' || text.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(text).not.toContain('MALFORMED_REQUEST');
  });
});
