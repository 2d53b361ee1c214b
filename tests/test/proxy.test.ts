import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheKeys, checkShippedConf, nginxUnavailable, startNginx, type RunningNginx } from './support/nginx';
import { rawRequest } from './support/raw-get';
import { contentCopy, startService, type ContentCopy, type RunningService } from './support/service';

// The shipped deploy/nginx/companion.conf in front of two replicas of the service, each on its
// own content copy and data folder (flat files: what the proxy does is the same on PostgreSQL).
const skip = nginxUnavailable();
if (skip) console.log(skip);
const describeWithNginx = skip ? describe.skip : describe;

const TOKEN = 'proxy-test-token';
const withoutStamp = (text: string) => text.replace(/"timestamp":"[^"]+"/g, '');
const decode = (body: Buffer, encoding: unknown) => (encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body).toString('utf8');

describeWithNginx('nginx in front of the replicas (deploy/nginx/companion.conf)', () => {
  const replicas: RunningService[] = [];
  const folders: (ContentCopy | string)[] = [];
  let nginx: RunningNginx;

  async function startReplica(): Promise<RunningService> {
    const content = await contentCopy();
    const dataDir = await mkdtemp(join(tmpdir(), 'proxy-data-'));
    folders.push(content, dataDir);
    return startService('apps/api/src/main.ts', {
      PORT: '0',
      CONTENT_DIR: content.dir,
      DATA_DIR: dataDir,
      API_TOKENS: `${TOKEN}=*`,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_FEEDBACK: '2/10m',
      SESSION_SECRET: 'the replicas behind nginx share this session secret',
    });
  }

  beforeAll(async () => {
    replicas.push(await startReplica(), await startReplica());
    nginx = await startNginx(replicas.map((r) => new URL(r.url).host));
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(replicas.map((r) => r.stop()));
    for (const folder of folders) await (typeof folder === 'string' ? rm(folder, { recursive: true, force: true }) : folder.cleanup());
  });

  it('never caches the console: pages and assets pass every time; a session signed in through one replica works on the other', async () => {
    for (const path of ['/console/sign-in', '/console/assets/console.js', '/console/assets/chart.umd.min.js', '/console/assets/console.css']) {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await rawRequest(`${nginx.url}${path}`, {});
        expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 200, 'private, no-store']);
        statuses.push(answer.headers['x-cache-status']);
      }
      expect([path, statuses.filter((s) => s === 'HIT')]).toEqual([path, []]);
    }
    const page = await fetch(`${nginx.url}/console/sign-in`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const formCookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const signedIn = await fetch(`${nginx.url}/console/sign-in`, {
      method: 'POST',
      headers: { cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, token: TOKEN, next: '/console' }),
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(303);
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith('console-session='))!.split(';')[0]!;
    // nginx spreads these over both replicas: each reads the sealed cookie alike.
    const answers = await Promise.all(Array.from({ length: 6 }, () => rawRequest(`${nginx.url}/console`, { headers: { Cookie: session } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.body.toString('utf8').includes('Signed in as <strong>token:'))).toBe(true);
  });

  it('is a configuration nginx accepts as shipped', async () => {
    expect(await checkShippedConf(['127.0.0.1:3001', '127.0.0.1:3002'])).toMatch(/syntax is ok[\s\S]*test is successful/);
  });

  it('keys the cache on the negotiated encoding, language and representation: 20,000 distinct headers make a handful of entries', async () => {
    const path = '/api/notice?platform=linux';
    const statuses: Record<string, number> = {};
    const encodings = new Map<string, Set<unknown>>();
    const ask = async (i: number) => {
      const offered = ['gzip', 'br', 'identity', 'gzip, br'][i % 4]!;
      const headers = { 'Accept-Encoding': `${offered}, x-${i};q=0.${i % 9}`, 'Accept-Language': `x${i % 7 === 0 ? 'de' : 'fr'}-${i};q=0.${i % 9}, en;q=0.1`, Accept: i % 2 ? 'application/json' : `application/json, text/x-${i}` };
      const answer = await rawRequest(`${nginx.url}${path}`, { headers });
      const status = String(answer.headers['x-cache-status']);
      statuses[status] = (statuses[status] ?? 0) + 1;
      const seen = encodings.get(offered) ?? new Set();
      seen.add(answer.headers['content-encoding'] ?? 'identity');
      encodings.set(offered, seen);
      expect(JSON.parse(decode(answer.body, answer.headers['content-encoding'])).success).toBe(true);
    };
    const started = Date.now();
    for (let i = 0; i < 20_000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => ask(i + k)));
    const elapsed = Date.now() - started;
    // A handful of cache entries for the path: one per variant (br, gzip, identity; one language; JSON).
    expect((await cacheKeys(nginx.dir)).filter((key) => key.includes(path)).length).toBeLessThanOrEqual(3 * 4);
    // The rest come from the cache: a variant misses once, and is fetched again only when its
    // answer's 30 s max-age runs out (a loaded machine takes minutes over the 20,000), meanwhile
    // served stale while one request updates it (UPDATING, STALE).
    expect(statuses.MISS ?? 0).toBeLessThanOrEqual(3 * 4);
    expect(statuses.EXPIRED ?? 0).toBeLessThanOrEqual(3 * 4 * Math.floor(elapsed / 30_000));
    expect(Object.fromEntries([...encodings].map(([k, v]) => [k, [...v]]))).toEqual({ gzip: ['gzip'], br: ['br'], identity: ['identity'], 'gzip, br': ['br'] });
  }, 240_000);

  it("answers for its own server_name beside Debian's default site, and leaves every other name to it", async () => {
    const beside = await startNginx(replicas.map((r) => new URL(r.url).host), { debianDefaultSite: true });
    try {
      const ours = await rawRequest(`${beside.url}/api/changelog/latest`, { headers: { Host: 'companion.example.com' } });
      expect(ours.status).toBe(200);
      expect(JSON.parse(ours.body.toString('utf8')).success).toBe(true);
      const other = await rawRequest(`${beside.url}/api/changelog/latest`, { headers: { Host: '203.0.113.7' } });
      expect(other.status).toBe(404);
      expect(other.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await beside.stop();
    }
  });

  it('caches a public read once per encoding, and never serves one encoding for another', async () => {
    const direct = withoutStamp((await rawRequest(`${replicas[0]!.url}/api/tunnel/errors`)).body.toString('utf8'));
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'Accept-Encoding': encoding };
      const first = await rawRequest(`${nginx.url}/api/tunnel/errors`, { headers });
      const second = await rawRequest(`${nginx.url}/api/tunnel/errors`, { headers });
      expect([first.headers['x-cache-status'], second.headers['x-cache-status']]).toEqual(['MISS', 'HIT']);
      for (const answer of [first, second]) {
        expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(withoutStamp(decode(answer.body, answer.headers['content-encoding']))).toBe(direct);
      }
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  it('caches the feeds like any public read', async () => {
    for (const path of ['/feeds/changelog.rss', '/feeds/notices.atom']) {
      const first = await rawRequest(`${nginx.url}${path}`);
      const second = await rawRequest(`${nginx.url}${path}`);
      expect([path, first.status, first.headers['cache-control']]).toEqual([path, 200, expect.stringMatching(/^public, /)]);
      expect([path, second.headers['x-cache-status']]).toEqual([path, 'HIT']);
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  it('answers a HEAD and a conditional GET from the cached entry', async () => {
    const first = await rawRequest(`${nginx.url}/api/changelog`);
    const head = await rawRequest(`${nginx.url}/api/changelog`, { method: 'HEAD' });
    expect(head.headers['x-cache-status']).toBe('HIT');
    expect(head.headers.etag).toBe(first.headers.etag);
    const revalidated = await rawRequest(`${nginx.url}/api/changelog`, { headers: { 'If-None-Match': String(first.headers.etag) } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['x-cache-status']).toBe('HIT');
  });

  it('never stores or serves from the cache a request with credentials, nor a write', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    for (let i = 0; i < 2; i++) {
      const answer = await rawRequest(`${nginx.url}/api/tunnel/errors/logs`, { headers: auth });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache-status']).toBe('BYPASS');
    }
    // The credentialed answer was not stored: without the credential the replica is asked again.
    const anonymous = await rawRequest(`${nginx.url}/api/tunnel/errors/logs`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['x-cache-status']).not.toBe('HIT');

    for (const flag of ['PROXY1', 'PROXY2']) {
      const post = await rawRequest(`${nginx.url}/api/tunnel/errors`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ Flag: flag, Info: 'Through the proxy.', Solution: ['Retry.'] }) });
      expect(post.status).toBe(201);
      expect(post.headers['x-cache-status']).toBeUndefined();
    }
  });

  it("passes each client's own address, so each gets its own rate limit and none can claim another's", async () => {
    const post = (localAddress: string, headers: Record<string, string> = {}) =>
      rawRequest(`${nginx.url}/api/feedback`, { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ content: 'Works behind the proxy.' }) });
    // Both replicas count: nginx may send each request to either, and the flat store's counters
    // are per replica, so the limit of 2 allows at most 2 per replica.
    const first = [];
    for (let i = 0; i < 5; i++) first.push((await post('127.0.0.2')).status);
    expect(first.filter((s) => s === 201).length).toBeLessThanOrEqual(4);
    expect(first).toContain(429);
    // Another client is not limited by the first one's requests ...
    expect((await post('127.0.0.3')).status).toBe(201);
    // ... and the first cannot escape its limit by claiming another address.
    const spoofed = [];
    for (let i = 0; i < 3; i++) spoofed.push((await post('127.0.0.2', { 'X-Forwarded-For': '203.0.113.9' })).status);
    expect(spoofed).toEqual([429, 429, 429]);
  });

  it('retries a read on the other replica when one is down, and sends a write to the one that is up', async () => {
    const [down, up] = replicas as [RunningService, RunningService];
    await down.stop();
    // Paths not read before, so each is a cache miss that one replica must answer.
    const paths = ['/api/notice/all', '/api/notice/types', '/api/changelog/preview', '/api/codenames', '/api/tunnel/errors/PORT1001', '/api/tunnel/errors/NOPE1'];
    const statuses = [];
    for (const path of paths) statuses.push((await rawRequest(`${nginx.url}${path}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
    const post = await rawRequest(`${nginx.url}/api/feedback`, { method: 'POST', localAddress: '127.0.0.4', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ content: 'One replica is down.' }) });
    expect(post.status).toBe(201);
    expect(up.lines.join('\n')).not.toMatch(/"level":(50|60)/);
  });

  it('serves what it has while every replica is down: fresh answers, then stale ones past their max-age', async () => {
    const path = `${nginx.url}/api/changelog/preview/latest`;
    const primed = await rawRequest(path);
    const primedAt = Date.now();
    expect(primed.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
    await Promise.all(replicas.map((r) => r.stop()));
    const fresh = await rawRequest(path);
    expect([fresh.status, fresh.headers['x-cache-status']]).toEqual([200, 'HIT']);
    await new Promise((done) => setTimeout(done, Math.max(0, primedAt + 31_000 - Date.now())));
    const stale = await rawRequest(path);
    expect([stale.status, stale.headers['x-cache-status']]).toEqual([200, 'STALE']);
    expect(stale.body.equals(primed.body)).toBe(true);
    // What was never cached cannot be served: the replicas' absence shows.
    expect((await rawRequest(`${nginx.url}/api/tunnel/errors/NEVER1`)).status).toBe(502);
  }, 180_000);
});
