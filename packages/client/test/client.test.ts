import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLiveService, type LiveService } from '../scripts/live-service';
import { createClient, OPERATIONS, type CompanionClient } from '../src/index';

// The client against the real service over loopback: every call, its revalidation, its errors.
const TOKEN = 'client-test-token';
let service: LiveService;
let client: CompanionClient;
/** What each request carried, as fetch sent it to the service (global fetch, wrapped to look). */
const sent: { url: string; headers: Record<string, string>; status: number }[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) }, status: response.status });
  return response;
};

beforeAll(async () => {
  service = await startLiveService({ API_TOKENS: `${TOKEN}=*` });
  client = createClient({ baseUrl: service.url, fetch: recordingFetch });
}, 60_000);
afterAll(() => service?.stop());
beforeEach(() => {
  sent.length = 0;
});

describe('one function per operation', () => {
  it('has a function for every GET, POST, PUT, PATCH and DELETE of the live /openapi.json', async () => {
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(document.paths).flatMap((item) => ['get', 'post', 'put', 'patch', 'delete'].flatMap((m) => (item[m] ? [item[m].operationId] : [])));
    expect(ids.length).toBeGreaterThan(40);
    expect(Object.keys(OPERATIONS).sort()).toEqual([...ids].sort());
    for (const id of ids) expect([id, typeof (client as unknown as Record<string, unknown>)[id]]).toEqual([id, 'function']);
  });

  it('reads a notice by id, typed as the document describes it', async () => {
    const result = await client.getNoticeById({ path: { id: 3 } });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const summary: string = result.body.data.summary;
    expect([result.status, result.body.data.id, typeof summary]).toEqual([200, 3, 'string']);
    // @ts-expect-error the id is a number, as /openapi.json says (the service refuses the text)
    const text = await client.getNoticeById({ path: { id: 'three' } });
    expect(!text.ok && text.error.kind === 'api' && text.error.code).toBe('BAD_PARAMETER');
    // @ts-expect-error the path parameter is required (called from JavaScript: a TypeError, like fetch's for a bad URL)
    await expect(client.getNoticeById({})).rejects.toThrow(new TypeError('/api/notice/{id}: the path parameter id is missing'));
  });

  it('sends query parameters, path parameters (encoded) and JSON bodies', async () => {
    const search = await client.getTunnelErrorsSearch({ query: { q: 'port', limit: 2 } });
    expect(search.ok && search.body.data.length).toBe(2);
    expect(sent[0]!.url).toBe(`${service.url}/api/tunnel/errors/search?q=port&limit=2`);
    const preview = await client.getChangelogPreviewByVersion({ path: { version: '1.12.0-beta.1' } });
    expect(preview.ok && preview.body.data.version).toBe('1.12.0-beta.1');
    const receipt = await client.postFeedback({ body: { content: 'Sent by the typed client.', type: 'question' } });
    expect(receipt.ok && [receipt.status, typeof receipt.body.data.id]).toEqual([201, 'number']);
  });

  it('reads feeds and stylesheets as text, and pages as their JSON', async () => {
    const rss = await client.getFeedsChangelogRss();
    expect(rss.ok && rss.body.startsWith('<?xml')).toBe(true);
    const feed = await client.getFeedsNoticesJson();
    expect(feed.ok && feed.body.version).toBe('https://jsonfeed.org/version/1.1');
    const page = await client.getNoticesByIdPage({ path: { id: 2 } });
    expect(page.ok && page.body.data.id).toBe(2);
  });

  it('sends the credential to the operations that need a scope', async () => {
    const anonymous = await client.postTunnelErrorsAddNew({ body: { Flag: 'CLIENT1', Info: 'Added by the client test.', Solution: ['Nothing to do.'] } });
    expect(!anonymous.ok && anonymous.error.kind === 'api' && [anonymous.error.status, anonymous.error.code]).toEqual([401, 'UNAUTHORIZED']);
    const withToken = createClient({ baseUrl: service.url, token: TOKEN });
    const added = await withToken.postTunnelErrorsAddNew({ body: { Flag: 'CLIENT1', Info: 'Added by the client test.', Solution: ['Nothing to do.'] } });
    expect(added.ok && [added.status, added.body.data.Flag]).toEqual([201, 'CLIENT1']);
  });

  it('patches an entry as a JSON Merge Patch, with the If-Match the caller passes', async () => {
    const withToken = createClient({ baseUrl: service.url, token: TOKEN, fetch: recordingFetch });
    const added = await withToken.postTunnelErrorsAddNew({ body: { Flag: 'CLIENT2', Info: 'Added to be patched.', Solution: ['Nothing to do.'] } });
    expect(added.ok).toBe(true);
    const read = await withToken.getTunnelErrorsByFlag({ path: { flag: 'CLIENT2' } });
    if (!read.ok || read.etag === null) throw new Error('expected the entry with its ETag');
    const patched = await withToken.patchTunnelErrorsByFlag({ path: { flag: 'CLIENT2' }, body: { notes: 'Patched.' } }, { headers: { 'If-Match': read.etag } });
    expect(patched.ok && [patched.status, patched.body.data.Info, patched.body.data.notes]).toEqual([200, 'Added to be patched.', 'Patched.']);
    expect(sent.at(-1)!.headers['Content-Type']).toBe('application/merge-patch+json');
    const stale = await withToken.patchTunnelErrorsByFlag({ path: { flag: 'CLIENT2' }, body: { notes: 'Again.' } }, { headers: { 'If-Match': read.etag } });
    expect(!stale.ok && stale.error.kind === 'api' && stale.error.status).toBe(412);
  });
});

describe('revalidation', () => {
  it('sends If-None-Match with the ETag it holds and answers a 304 with the cached answer', async () => {
    const first = await client.getChangelogLatest();
    const second = await client.getChangelogLatest();
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect([first.status, first.fromCache, second.status, second.fromCache]).toEqual([200, false, 304, true]);
    expect(second.body).toEqual(first.body);
    expect(sent.map((s) => [s.status, s.headers['If-None-Match']])).toEqual([
      [200, undefined],
      [304, first.etag],
    ]);
  });

  it('keeps answers apart by URL and revalidates nothing when the cache is off', async () => {
    await client.getNoticeById({ path: { id: 4 } });
    const other = await client.getNoticeById({ path: { id: 5 } });
    expect(other.ok && [other.fromCache, other.body.data.id]).toEqual([false, 5]);
    const uncached = createClient({ baseUrl: service.url, fetch: recordingFetch, cacheEntries: 0 });
    await uncached.getChangelog();
    const again = await uncached.getChangelog();
    expect(again.ok && [again.status, again.fromCache]).toEqual([200, false]);
    expect(sent.slice(-2).map((s) => s.headers['If-None-Match'])).toEqual([undefined, undefined]);
  });
});

describe('errors are values carrying the API error code', () => {
  it('returns a 404 with its code, message and status', async () => {
    const result = await client.getNoticeById({ path: { id: 99999 } });
    expect(result.ok).toBe(false);
    if (result.ok || result.error.kind !== 'api') throw new Error('expected an API failure');
    // The code is typed as the codes this operation documents.
    const code: 'NOTICE_NOT_FOUND' | 'BAD_PARAMETER' | 'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'INTERNAL_ERROR' = result.error.code;
    expect([result.error.status, code, result.error.message]).toEqual([404, 'NOTICE_NOT_FOUND', 'No notice has id 99999.']);
  });

  it('returns validation failures with their details', async () => {
    const result = await client.postFeedback({ body: { content: '   ' } });
    if (result.ok || result.error.kind !== 'api') throw new Error('expected an API failure');
    expect([result.error.status, result.error.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(result.error.details).toEqual([expect.objectContaining({ path: 'content' })]);
  });

  it('returns a network failure when nothing answers', async () => {
    const closed = await new Promise<number>((done) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => done(port));
      });
    });
    const result = await createClient({ baseUrl: `http://127.0.0.1:${closed}` }).getHealth();
    expect(!result.ok && result.error.kind).toBe('network');
  });

  it("returns an unexpected answer when something other than the API answers (a proxy's error page)", async () => {
    const proxy: Server = createServer((_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const result = await createClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` }).getNotice();
      expect(!result.ok && result.error.kind === 'unexpected' && result.error.status).toBe(502);
    } finally {
      await new Promise((done) => proxy.close(done));
    }
  });
});

describe('the questions an app asks on start', () => {
  it('updateCheck asks the stable channel by default, and the preview channel when told', async () => {
    const stable = await client.updateCheck({ version: '1.9.0' });
    if (!stable.ok) throw new Error(JSON.stringify(stable.error));
    expect(stable.body.data).toMatchObject({ current: '1.9.0', up_to_date: false, known: true });
    expect(Object.keys(stable.body.data.releases)).toContain('1.11.2');
    const preview = await client.updateCheck({ version: '1.11.0', channel: 'preview' });
    expect(preview.ok && Object.keys(preview.body.data.releases)).toContain('1.12.0-rc.1');
    // The first check obtains the install's credential, and both send it.
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual(['/api/installs', '/api/changelog/since/1.9.0', '/api/changelog/preview/since/1.11.0']);
    const ids = sent.slice(1).map((s) => new URL(s.url).searchParams.get('install_id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("sends the client's version, platform, channel, language and install id as the service's query parameters", async () => {
    await client.notices({ version: '1.9.5', platform: 'windows', channel: 'stable', lang: 'de' });
    await client.updateCheck({ version: '1.11.2', channel: 'preview', installId: 'install 7', lang: 'de-AT' });
    expect(sent.map((s) => s.url.slice(service.url.length))).toEqual([
      '/api/notice?client_version=1.9.5&platform=windows&channel=stable&lang=de',
      '/api/changelog/preview/since/1.11.2?install_id=install+7&lang=de-AT',
    ]);
  });

  it('notices answers the active notices, revalidated like every read', async () => {
    const first = await client.notices();
    const again = await client.notices();
    const direct = await client.getNotice();
    expect(first.ok && again.ok && direct.ok).toBe(true);
    if (!first.ok || !again.ok || !direct.ok) return;
    expect(first.body.data).toEqual(direct.body.data);
    expect(again.fromCache).toBe(true);
  });
});
