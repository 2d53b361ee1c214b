import { Writable } from 'node:stream';
import { pino } from 'pino';
import { accessLog, redactUrl } from '@companion/http-kit';
import { rawRequest, servedFast } from './raw-http';
import { startServer } from './server';

/** Fast answers' lines are written in batches (at most 100 ms late): wait for the expected number. */
async function linesOf(lines: string[], count: number): Promise<any[]> {
  while (lines.filter((l) => l.includes('"req"')).length < count) await new Promise((done) => setTimeout(done, 20));
  return lines.map((line) => JSON.parse(line)).filter((r) => r.req);
}

function sink(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('access log', () => {
  it('logs fast answers like every other request, without credentials', async () => {
    const { lines, stream } = sink();
    const server = await startServer({ deps: { logger: pino({ level: 'info' }, stream) } });
    try {
      const fast = await rawRequest(`${server.url}/api/changelog`, { headers: { authorization: 'Bearer fast-secret', 'user-agent': 'client/1.0 "quoted"', 'x-request-id': 'req-42' } });
      expect(servedFast(fast)).toBe(true);
      expect(servedFast(await rawRequest(`${server.url}/api/changelog/since/1.0.0?install_id=install-secret-9&platform=macos`))).toBe(true);
      expect((await rawRequest(`${server.url}/api/notice?access_token=query-secret-1`, { headers: { 'user-agent': 'client/1.0' } })).status).toBe(400);
      expect((await rawRequest(`${server.url}/api/tunnel/errors/search?q=port&api_key=query-secret-2&Token=query-secret-3`)).status).toBe(400);
      expect((await rawRequest(`${server.url}/api/tunnel/errors/search?q=port`)).status).toBe(200);
      // A backslash in the URL and a quote in the caller's request id stay JSON.
      const quoted = await rawRequest(`${server.url}/api/tunnel/errors/search?q=%22tls%22\\x`, { headers: { 'x-request-id': 'req-"7"\\' } });
      expect([quoted.status, servedFast(quoted)]).toEqual([200, true]);
    } finally {
      await server.close();
    }
    const records = await linesOf(lines, 6);
    expect(records.find((r) => r.req.id === 'req-"7"\\')?.req.url).toBe('/api/tunnel/errors/search?q=%22tls%22\\x');
    expect(records.map((r) => [r.req.url, r.res.statusCode, r.msg]).sort()).toEqual([
      ['/api/changelog', 200, 'request completed'],
      ['/api/changelog/since/1.0.0?install_id=[redacted]&platform=macos', 200, 'request completed'],
      ['/api/notice?access_token=[redacted]', 400, 'request completed'],
      ['/api/tunnel/errors/search?q=%22tls%22\\x', 200, 'request completed'],
      ['/api/tunnel/errors/search?q=port&api_key=[redacted]&Token=[redacted]', 400, 'request completed'],
      ['/api/tunnel/errors/search?q=port', 200, 'request completed'],
    ]);
    // The fast line has the fields and bindings pino-http's lines have.
    const fastLine = records.find((r) => r.req.url === '/api/changelog');
    const expressLine = records.find((r) => r.res.statusCode === 400);
    expect(Object.keys(fastLine).sort()).toEqual(Object.keys(expressLine).sort());
    expect(Object.keys(fastLine.req).sort()).toEqual(Object.keys(expressLine.req).sort());
    expect(fastLine).toMatchObject({ level: 30, pid: process.pid, req: { id: 'req-42', method: 'GET', userAgent: 'client/1.0 "quoted"' } });
    expect(lines.join('\n')).not.toMatch(/secret/);
  });

  it('logs each URL as it was sent when installs share one answer: the id redacted where it stood, a noCache value as it came', async () => {
    const { lines, stream } = sink();
    const server = await startServer({ deps: { logger: pino({ level: 'info' }, stream) } });
    const since = '/api/changelog/since/1.0.0';
    const electron = '/api/updates/electron/latest.yml';
    // Each URL twice in a row (the second line from what the first kept), then the next.
    const sent = [
      `${since}?install_id=install-a&platform=macos`,
      `${since}?install_id=install-b&platform=macos`,
      `${since}?platform=macos&install_id=install-c`,
      `${since}?platform=macos?install_id=install-d`,
      `${since}?platform=macos&install_id=install-e`,
      `${since}?install_id=install-f`,
      `${since}?platform=macos`,
      `${electron}?noCache=1h2k3`,
      `${electron}?noCache=9z8y7`,
      `${electron}?arch=x64&install_id=install-g&noCache=5x`,
      `${electron}?arch=x64&install_id=install-h&noCache=6y`,
    ];
    try {
      for (const url of sent) {
        for (let i = 0; i < 2; i++) {
          const answer = await rawRequest(server.url + url);
          expect([url, answer.status, servedFast(answer)]).toEqual([url, 200, true]);
        }
      }
    } finally {
      await server.close();
    }
    const logged = (await linesOf(lines, sent.length * 2)).map((r) => r.req.url);
    expect(logged).toEqual(sent.flatMap((url) => [url, url]).map((url) => url.replace(/install_id=install-[a-z]/, 'install_id=[redacted]')));
    expect(lines.join('\n')).not.toMatch(/install-[a-z]/);
  });

  it('writes nothing for fast answers when the level is above info', async () => {
    const { lines, stream } = sink();
    const logger = pino({ level: 'warn' }, stream);
    const server = await startServer({ deps: { logger } });
    try {
      expect(servedFast(await rawRequest(`${server.url}/api/changelog`))).toBe(true);
      logger.level = 'info';
      expect(servedFast(await rawRequest(`${server.url}/api/changelog/latest`))).toBe(true);
    } finally {
      await server.close();
    }
    // A batch holds every line written before it: once the second line is out, the first would be too.
    expect((await linesOf(lines, 1)).map((r) => r.req.url)).toEqual(['/api/changelog/latest']);
  });

  it('keeps every fast line, in order, across batches, with lines longer than a batch keeps room for and text beyond ASCII', async () => {
    const { lines, stream } = sink();
    const server = await startServer({ deps: { logger: pino({ level: 'info' }, stream) } });
    const urls: string[] = [];
    try {
      for (let i = 0; i < 600; i++) {
        // About 450 bytes a line, so several batches of 64 KiB; every 100th line about 12,000 characters.
        const url = `/elements?n=${i}&utm_source=${'p'.repeat(i % 100 === 50 ? 12_000 : 150)}`;
        const answer = await rawRequest(server.url + url, { headers: { 'user-agent': `Navigateur/1.0 (Léa ${i % 3})` } });
        expect(servedFast(answer)).toBe(true);
        urls.push(url);
      }
    } finally {
      await server.close();
    }
    const records = await linesOf(lines, 600);
    expect(records.map((r) => r.req.url)).toEqual(urls);
    expect(records.map((r) => r.req.userAgent)).toEqual(urls.map((_, i) => `Navigateur/1.0 (Léa ${i % 3})`));
  });

  it('writes each field as JSON.parse reads it back: escapes, control characters, text beyond ASCII in the request and in the bindings', () => {
    const { lines, stream } = sink();
    const log = accessLog(pino({ level: 'info' }, stream).child({ host: 'hôte-ホスト-🚀' }))!;
    // Request lines and headers are read as latin1: any character up to U+00FF.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const latin1 = (length: number) => Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 256))).join('').replace(/\?/g, '!');
    const urls = ['/a?q="x"\\y', '/a?q=\u0001\u001f\u007f', '/é?ü=ß', `/a?q=${'ÿ'.repeat(300)}`, ...Array.from({ length: 200 }, (_, i) => `/r/${latin1(i % 80)}`)];
    const agents = urls.map((_, i) => `ua "${i}" é\t${latin1(i % 9)}`);
    const ids = urls.map((_, i) => `id-"${i}"\\é${latin1(i % 5)}`);
    const started = Date.now();
    urls.forEach((url, i) => {
      const headers = { 'user-agent': agents[i], ...(i % 2 === 1 && { 'x-request-id': ids[i] }) };
      log.write({ method: 'GET', url, headers, socket: { remoteAddress: '::ffff:127.0.0.1' } } as never, 200 + i, started - i);
    });
    log.flush();
    const records = lines.map((line) => JSON.parse(line));
    expect(records.map((r) => r.req.url)).toEqual(urls);
    expect(records.map((r) => r.req.userAgent)).toEqual(agents);
    expect(records.map((r) => r.res.statusCode)).toEqual(urls.map((_, i) => 200 + i));
    expect(records.map((r) => r.responseTime - (r.time - started))).toEqual(urls.map((_, i) => i));
    expect(records.every((r) => r.host === 'hôte-ホスト-🚀' && r.level === 30 && r.req.remoteAddress === '::ffff:127.0.0.1' && r.msg === 'request completed')).toBe(true);
    expect(records.filter((_, i) => i % 2 === 1).map((r) => r.req.id)).toEqual(ids.filter((_, i) => i % 2 === 1));
    const fresh = records.filter((_, i) => i % 2 === 0).map((r) => r.req.id);
    expect(fresh.every((id) => /^[0-9a-f]{8}-[0-9a-z]+$/.test(id))).toBe(true);
    expect(new Set(fresh).size).toBe(fresh.length);
  });

  it('redacts credential-like query parameters and nothing else', () => {
    expect(redactUrl('/api/notice')).toBe('/api/notice');
    expect(redactUrl('/x?q=token&limit=5')).toBe('/x?q=token&limit=5');
    expect(redactUrl('/x?access_token=a&id_token=b&client_secret=c&password=d&sig=e&q=f')).toBe(
      '/x?access_token=[redacted]&id_token=[redacted]&client_secret=[redacted]&password=[redacted]&sig=[redacted]&q=f',
    );
    expect(redactUrl('/x?access%5Ftoken=a')).toBe('/x?access%5Ftoken=[redacted]');
    expect(redactUrl('/x?%74oken=a&API%2Dkey=b&Session+Id=c')).toBe('/x?%74oken=[redacted]&API%2Dkey=[redacted]&Session+Id=[redacted]');
    expect(redactUrl('/api/notice?client_version=1.10.2&platform=windows&lang=de')).toBe('/api/notice?client_version=1.10.2&platform=windows&lang=de');
    // An install's id is kept only as a keyed hash: a log line never holds it.
    expect(redactUrl('/api/changelog/since/1.0.0?install_id=8f14e45f-ceea&platform=macos')).toBe('/api/changelog/since/1.0.0?install_id=[redacted]&platform=macos');
    expect(redactUrl('/api/updates/sparkle/appcast.xml?platform=macos&install%5Fid=8f14e45f')).toBe('/api/updates/sparkle/appcast.xml?platform=macos&install%5Fid=[redacted]');
    expect(redactUrl('/api/changelog/since/1.0.0?platform=macos&reinstall_idea=1&xinstall_id=2')).toBe('/api/changelog/since/1.0.0?platform=macos&reinstall_idea=1&xinstall_id=2');
    expect(redactUrl('/x?install_id=a&install_id=b@c&token=t&install_id=')).toBe('/x?install_id=[redacted]&install_id=[redacted]&token=[redacted]&install_id=[redacted]');
    expect(redactUrl('/x?arch=x64&install_id=a%40b')).toBe('/x?arch=x64&install_id=[redacted]');
  });

  it('redacts what names a person: a value holding an e-mail address anywhere, the feedback search term', () => {
    expect(redactUrl('/api/feedback?q=ann@example.org&type=bug')).toBe('/api/feedback?q=[redacted]&type=bug');
    expect(redactUrl('/api/feedback?q=Ann+Smith&page=2')).toBe('/api/feedback?q=[redacted]&page=2');
    expect(redactUrl('/api/feedback/export?Q=ann')).toBe('/api/feedback/export?Q=[redacted]');
    expect(redactUrl('/console/feedback?status=new&q=ann%40example.org')).toBe('/console/feedback?status=new&q=[redacted]');
    expect(redactUrl('/anything?to=bo%40example.org&x=1')).toBe('/anything?to=[redacted]&x=1');
    // A search of the public catalogue names no one: kept for the people running the service.
    expect(redactUrl('/api/tunnel/errors/search?q=port')).toBe('/api/tunnel/errors/search?q=port');
  });
});
