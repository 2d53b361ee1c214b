import { Writable } from 'node:stream';
import { pino } from 'pino';
import { call, startServer } from './server';

describe('request logs', () => {
  it('log each request as structured JSON and never print a credential', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startServer({ tokens: 'sup3r-secret-token=errors:write', deps: { logger: pino({ level: 'info' }, sink) } });
    try {
      const headers = { authorization: 'Bearer sup3r-secret-token', 'content-type': 'application/json', cookie: 'session=cookie-secret' };
      await call(`${server.url}/api/tunnel/errors/addNew`, { method: 'POST', headers, body: JSON.stringify({ Flag: 'LOG1', Info: 'x', Solution: ['y'] }) });
      await call(`${server.url}/api/notice`, { headers: { authorization: 'Bearer wrong-but-secret' } });
    } finally {
      await server.close();
    }
    const records = lines.map((line) => JSON.parse(line));
    const requests = records.filter((r) => r.req);
    expect(requests.map((r) => [r.req.method, r.res.statusCode])).toEqual([['POST', 201], ['GET', 200]]);
    expect(requests[0].req.url).toBe('/api/tunnel/errors/addNew');
    const all = lines.join('\n');
    for (const secret of ['sup3r-secret-token', 'wrong-but-secret', 'cookie-secret']) expect(all).not.toContain(secret);
  });
});
