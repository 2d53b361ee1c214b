import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_LOG, nginxUnavailable, startNginx, type RunningNginx } from './support/nginx';
import { contentCopy, startService, waitFor, type ContentCopy, type RunningService } from './support/service';

// The shipped deploy/nginx/companion.conf in front of a replica: its access log is nginx's
// combined format with every install id redacted, however the query names it, and nothing else
// changed. nginx logs the query undecoded, so the forms the service's query parser decodes
// (`install%5Fid`, `%69nstall_id`) are sent as such.
const skip = nginxUnavailable();
if (skip) console.log(skip);
const describeWithNginx = skip ? describe.skip : describe;

/** A GET of `path` exactly as written (no URL parsing on the way), tagged by its User-Agent. */
function get(base: string, path: string, agent: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { 'user-agent': agent }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The combined format: address, user, time, request line, status, bytes, referer, user agent. */
const COMBINED = /^127\.0\.0\.1 - - \[[^\]]+\] "GET (\S+) HTTP\/1\.1" (\d{3}) \d+ "-" "([^"]*)"$/;
const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;

describeWithNginx('the access log of deploy/nginx/companion.conf', () => {
  let replica: RunningService;
  let content: ContentCopy;
  let dataDir: string;
  let nginx: RunningNginx;

  beforeAll(async () => {
    content = await contentCopy();
    dataDir = await mkdtemp(join(tmpdir(), 'nginx-log-data-'));
    replica = await startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
    nginx = await startNginx([new URL(replica.url).host]);
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await replica?.stop();
    await content?.cleanup();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes every install id as [redacted], first, middle or last, however the name is encoded, and keeps the rest of the line', async () => {
    // Shaped as the service's credentials are: a UUID with version nibble 8.
    const id = () => randomUUID().replace(/^(.{14})./, (_, head: string) => `${head}8`);
    const ids: string[] = [];
    const fresh = () => {
      const made = id();
      ids.push(made);
      return made;
    };
    // [sent, logged]
    const cases: [string, string][] = [
      [`/api/changelog/since/1.12.0?install_id=${fresh()}&platform=windows`, '/api/changelog/since/1.12.0?install_id=[redacted]&platform=windows'],
      [`/api/changelog/since/1.11.2?platform=macos&install_id=${fresh()}&arch=arm64`, '/api/changelog/since/1.11.2?platform=macos&install_id=[redacted]&arch=arm64'],
      [`/api/updates/tauri/stable/windows/x86_64?version=1.11.2&install_id=${fresh()}`, '/api/updates/tauri/stable/windows/x86_64?version=1.11.2&install_id=[redacted]'],
      [`/api/updates/sparkle/stable/macos?install_id=${fresh()}`, '/api/updates/sparkle/stable/macos?install_id=[redacted]'],
      // Names the query parser decodes to install_id, sent undecoded: nginx logs them as sent.
      [`/api/changelog/since/1.12.0?install%5Fid=${fresh()}&platform=linux`, '/api/changelog/since/1.12.0?install%5Fid=[redacted]&platform=linux'],
      [`/api/changelog/since/1.12.0?platform=linux&%69nstall%5fid=${fresh()}`, '/api/changelog/since/1.12.0?platform=linux&%69nstall%5fid=[redacted]'],
      [`/api/changelog/since/1.12.0?%49%4E%53%54%41%4C%4C%5F%49%44=${fresh()}`, '/api/changelog/since/1.12.0?%49%4E%53%54%41%4C%4C%5F%49%44=[redacted]'],
      // Any letter case, as the service's own log redacts it; a value percent-encoded, or posing as redacted.
      [`/api/changelog/since/1.12.0?Install_ID=${fresh()}`, '/api/changelog/since/1.12.0?Install_ID=[redacted]'],
      [`/api/changelog/since/1.12.0?install_id=%7B${fresh()}%7D&lang=de`, '/api/changelog/since/1.12.0?install_id=[redacted]&lang=de'],
      [`/api/changelog/since/1.12.0?install_id=[redacted]${fresh()}&platform=windows`, '/api/changelog/since/1.12.0?install_id=[redacted]&platform=windows'],
      // Named twice (the service answers 400): the whole query goes.
      [`/api/changelog/since/1.12.0?install_id=${fresh()}&platform=windows&install_id=${fresh()}`, '/api/changelog/since/1.12.0?[redacted]'],
      // Other parameters, lookalike names and a query without an id are kept as sent.
      ['/api/changelog/since/1.12.0?reinstall_id=keep&install_idx=keep2&q=install_id%3Dkeep3', '/api/changelog/since/1.12.0?reinstall_id=keep&install_idx=keep2&q=install_id%3Dkeep3'],
      ['/api/changelog/since/1.12.0?platform=windows&arch=x64', '/api/changelog/since/1.12.0?platform=windows&arch=x64'],
      ['/api/notice', '/api/notice'],
      ['/api/changelog/since/1.12.0?install_id=', '/api/changelog/since/1.12.0?install_id=[redacted]'],
    ];
    const statuses: number[] = [];
    for (const [i, [sent]] of cases.entries()) statuses.push(await get(nginx.url, sent, `case-${i}`));
    // The service answered the ordinary update checks (the log is of real answers, not of errors).
    expect(statuses.slice(0, 2)).toEqual([200, 200]);

    const log = join(nginx.dir, 'logs', ACCESS_LOG);
    const lines = await waitFor(async () => {
      const tagged = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((line) => line.includes('"case-'));
      return tagged.length === cases.length ? tagged : undefined;
    }, 10_000, () => `nginx did not log the ${cases.length} requests in ${log}`);
    const logged = lines.map((line) => {
      const parts = COMBINED.exec(line);
      if (!parts) throw new Error(`not the combined format: ${line}`);
      return [parts[3], parts[1], Number(parts[2])];
    });
    expect(logged).toEqual(cases.map(([, expected], i) => [`case-${i}`, expected, statuses[i]]));

    const text = await readFile(log, 'utf8');
    expect(ids.filter((made) => text.toLowerCase().includes(made.slice(0, 8)))).toEqual([]);
    expect(UUID.exec(text)).toBeNull();
  });

  it('keeps no install id in its cache either: answers naming one are private', async () => {
    const made = randomUUID();
    expect(await get(nginx.url, `/api/changelog/since/1.11.2?install_id=${made}&platform=windows`, 'cache-check')).toBe(200);
    expect(await get(nginx.url, `/api/changelog/since/1.11.2?install_id=${made}&platform=windows`, 'cache-check')).toBe(200);
    const files = (await readdir(join(nginx.dir, 'cache'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    const holding = [];
    for (const file of files) if ((await readFile(join(file.parentPath, file.name), 'latin1')).includes(made)) holding.push(file.name);
    expect(holding).toEqual([]);
  });
});
