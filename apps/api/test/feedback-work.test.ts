import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Authenticator } from '@companion/auth';
import { call, expectEnvelope, expectError, type TestServer } from './server';
import { serverWithPeople, stopServerWithPeople, type Person } from './people';

// People as a tokens file names them: what they do is recorded with their names.
const PEOPLE: Person[] = [
  ['Pat Reader', 'pat', 'feedback:read'],
  ['Ann Lee', 'ann', 'feedback:read+feedback:write'],
  ['Privacy Desk', 'privacy', 'feedback:erase'],
  ['Cat Editor', 'cat', 'errors:write'],
];

let dir: string;
let server: TestServer;
let auth: Authenticator;
beforeEach(async () => {
  ({ dir, auth, server } = await serverWithPeople('feedback-work-', PEOPLE, { env: { RATE_LIMIT_FEEDBACK: '1000/1m' } }));
});
afterEach(() => stopServerWithPeople({ dir, auth, server }));

const send = (method: string, path: string, token: string | null, body?: unknown) =>
  call(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const submit = (body: object) => send('POST', '/api/feedback', null, body);
const list = async (query: string) => (await send('GET', `/api/feedback${query}`, 'pat')).body;

async function seed() {
  await submit({ content: 'Tray icon vanishes, "always"', type: 'bug', platform: 'windows', client_version: '1.11.2', contact: 'Ann@Example.org' });
  await submit({ content: 'Dark mode please', type: 'suggestion', platform: 'macos', client_version: '1.11.2' });
  await submit({ content: '=HYPERLINK("http://evil")\nsecond line', type: 'bug', platform: 'linux', client_version: 'v1.12.0-beta.1' });
}

describe('feedback input is validated like the rest of the API', () => {
  it.each([
    [{ content: 'x', platform: 'android' }, 'platform', 'windows'],
    [{ content: 'x', client_version: '1.11' }, 'client_version', 'update check'],
    [{ content: 'x', client_version: 'latest' }, 'client_version', '<major>.<minor>.<patch>'],
  ])('refuses %j with 422 at the field', async (body, path, words) => {
    const res = await submit(body);
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.error.details).toEqual([{ path, message: expect.stringContaining(words) }]);
  });

  it('takes what the update check takes', async () => {
    for (const client_version of ['1.11.2', 'v1.12.0-beta.1', '1.11.0+build.5']) expect((await submit({ content: 'x', client_version, platform: 'macos' })).status).toBe(201);
  });
});

describe('GET /api/feedback filters', () => {
  it('by platform, client version, status, day range and text; bad values are 400', async () => {
    await seed();
    const ids = async (query: string) => (await list(query)).data.map((r: any) => r.id);
    expect(await ids('?platform=linux')).toEqual([3]);
    expect(await ids('?client_version=1.11.2')).toEqual([2, 1]);
    expect(await ids('?q=TRAY&type=bug')).toEqual([1]);
    expect(await ids('?status=new&per_page=2')).toEqual([3, 2]);
    expect((await list('?status=new&per_page=2')).total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?from=${today}&to=${today}`)).toEqual([3, 2, 1]);
    expect(await ids('?to=2000-01-01')).toEqual([]);
    for (const bad of ['?platform=android', '?client_version=1.11', '?from=2026-02-30', '?from=yesterday', '?status=open', '?from=2026-11-02&to=2026-11-01', `?q=${'x'.repeat(201)}`]) {
      expectError(await send('GET', `/api/feedback${bad}`, 'pat'), 400, 'BAD_PARAMETER');
    }
  });
});

describe('PATCH /api/feedback/<id>', () => {
  it('sets the status and note with the person\'s name; feedback:write is needed', async () => {
    await seed();
    const res = await send('PATCH', '/api/feedback/2', 'ann', { status: 'planned', note: 'In 1.13.', reason: 'asked twice' });
    const data = expectEnvelope(res.body, false);
    expect(data).toMatchObject({ id: 2, status: 'planned', note: 'In 1.13.', status_by: 'Ann Lee', status_at: expect.stringMatching(/Z$/) });
    expect(data).not.toHaveProperty('user_ip');
    expect((await list('?status=planned')).data.map((r: any) => r.id)).toEqual([2]);
    expect(await readFile(join(dir, 'data', 'feedback-events.jsonl'), 'utf8')).toContain('"actor":"Ann Lee"');

    expectError(await send('PATCH', '/api/feedback/2', 'pat', { status: 'done' }), 403, 'FORBIDDEN');
    expectError(await send('PATCH', '/api/feedback/2', 'cat', { status: 'done' }), 403, 'FORBIDDEN');
    expectError(await send('PATCH', '/api/feedback/2', null, { status: 'done' }), 401, 'UNAUTHORIZED');
    expectError(await send('PATCH', '/api/feedback/99', 'ann', { status: 'done' }), 404, 'FEEDBACK_NOT_FOUND');
    expectError(await send('PATCH', '/api/feedback/abc', 'ann', { status: 'done' }), 400, 'BAD_PARAMETER');
    const bad = await send('PATCH', '/api/feedback/2', 'ann', { status: 'closed', colour: 'red' });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.error.details.map((d: any) => d.path).sort()).toEqual(['colour', 'status']);
  });
});

describe('POST /api/feedback/erasure', () => {
  it("erases one submitter's address everywhere and records the erasure without it", async () => {
    await seed();
    await submit({ content: 'mail me at ann@example.org', contact: 'ann@example.org' });
    const res = await send('POST', '/api/feedback/erasure', 'privacy', { contact: 'ANN@example.org', reason: 'request of 26 Nov' });
    expect(expectEnvelope(res.body, false)).toEqual({ erased: 2, ids: [1, 4], outbox_messages: 0 });
    const data = (await list('')).data;
    expect(data.map((r: any) => r.contact)).toEqual([null, null, null, null]);
    expect(data[0].content).toBe('mail me at [erased]');
    const stored = (await readFile(join(dir, 'data', 'feedback.jsonl'), 'utf8')) + (await readFile(join(dir, 'data', 'feedback-events.jsonl'), 'utf8'));
    expect(stored.toLowerCase()).not.toContain('ann@example.org');
    expect(stored).toContain('"kind":"erasure","feedback":[1,4],"actor":"Privacy Desk"');

    expectError(await send('POST', '/api/feedback/erasure', 'ann', { contact: 'a@example.org' }), 403, 'FORBIDDEN');
    expectError(await send('POST', '/api/feedback/erasure', 'privacy', { contact: 'not an address' }), 422, 'VALIDATION_FAILED');
  });
});

/** The raw answer, read as it arrives. */
/** Today's UTC day, as the export names its file. */
const today = () => new Date().toISOString().slice(0, 10);

function fetchRaw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      let body = '';
      let chunks = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        chunks++;
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, chunks }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/feedback/export', () => {
  it('neutralises formulas a spreadsheet would still run: behind a zero-width space, a BOM or spaces, and in fullwidth forms', async () => {
    const sneaky = ['\u200B=HYPERLINK("http://evil")', '\uFEFF+1+1', '  @SUM(A1)', '\uFF1D1+1', '\uFF0Bcmd', '\uFF0D2', '\u2060\uFF20x', 'plain text'];
    for (const content of sneaky) expect((await submit({ content, type: 'bug' })).status).toBe(201);
    const res = await fetchRaw('/api/feedback/export', { authorization: 'Bearer pat' });
    const cells = res.body.split('\r\n').slice(1, -1).map((line) => /,bug,new,,,,("(?:[^"]|"")*"|[^,]*),/.exec(line)![1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
    // Newest first; the content as stored, trimmed by the schema, and led by ' where it could run.
    expect(cells).toEqual(['plain text', ...sneaky.slice(0, -1).map((c) => `'${c.trim()}`).reverse()]);
  });

  it('answers the filtered view as CSV, quoted and safe for spreadsheets, with an ETag that changes with the feedback', async () => {
    await seed();
    const res = await fetchRaw('/api/feedback/export?type=bug', { authorization: 'Bearer pat' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="feedback-${today()}-type-bug.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFid,created_at,type,status,platform,client_version,contact,content,notes,status_by,status_at');
    // A line break inside a field stays in its quotes; rows end with CR LF.
    expect(lines[1]).toMatch(/^3,\S+Z,bug,new,linux,1\.12\.0-beta\.1,,"'=HYPERLINK\(""http:\/\/evil""\)\nsecond line",,,$/);
    expect(lines[2]).toMatch(/^1,\S+Z,bug,new,windows,1\.11\.2,Ann@Example\.org,"Tray icon vanishes, ""always""",,,$/);
    expect(lines[3]).toBe('');

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await fetchRaw('/api/feedback/export?type=bug', { authorization: 'Bearer pat', 'if-none-match': etag })).status).toBe(304);
    expect((await fetchRaw('/api/feedback/export', { authorization: 'Bearer pat' })).headers.etag).not.toBe(etag);
    await send('PATCH', '/api/feedback/1', 'ann', { status: 'done' });
    const after = await fetchRaw('/api/feedback/export?type=bug', { authorization: 'Bearer pat', 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body).toContain(',done,');
    expect((await fetchRaw('/api/feedback/export', {})).status).toBe(401);
    expect((await fetchRaw('/api/feedback/export?platform=android', { authorization: 'Bearer pat' })).status).toBe(400);
  });

  it('starts with a UTF-8 byte-order mark, so a spreadsheet reads non-ASCII text as written', async () => {
    expect((await submit({ content: 'Überweisung fehlgeschlagen — 送金できません', type: 'bug' })).status).toBe(201);
    const res = await fetch(`${server.url}/api/feedback/export`, { headers: { authorization: 'Bearer pat' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'i'.charCodeAt(0)]);
    expect(bytes.subarray(3).toString('utf8')).toContain(',Überweisung fehlgeschlagen — 送金できません,');
  });

  it('names the file after the day and the filters, in safe characters; a search only as "search"', async () => {
    const filename = async (query: string) => {
      const res = await fetchRaw(`/api/feedback/export${query}`, { authorization: 'Bearer pat' });
      expect(res.status).toBe(200);
      return /^attachment; filename="([^"]*)"$/.exec(res.headers['content-disposition'] as string)![1];
    };
    expect(await filename('')).toBe(`feedback-${today()}.csv`);
    expect(await filename('?status=new&platform=macos&client_version=1.12.0-beta.1&from=2026-01-01&to=2026-02-28&type=question')).toBe(
      `feedback-${today()}-type-question-platform-macos-version-1.12.0-beta.1-status-new-from-2026-01-01-to-2026-02-28.csv`,
    );
    const searched = await filename(`?q=${encodeURIComponent('ann@example.org "quoted"/../x')}`);
    expect(searched).toBe(`feedback-${today()}-search.csv`);
    expect(searched).toMatch(/^[A-Za-z0-9.-]+$/);
  });

  it('streams a large export in chunks rather than building it whole', async () => {
    for (let i = 0; i < 400; i++) await submit({ content: `feedback number ${i} ${'words '.repeat(60)}`, type: 'other' });
    const res = await fetchRaw('/api/feedback/export', { authorization: 'Bearer pat' });
    expect(res.body.split('\r\n')).toHaveLength(402);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.chunks).toBeGreaterThan(1);
  });

  it('honours If-Match with the ETag of an earlier answer: a change made on an older status is 412 and changes nothing', async () => {
    await seed();
    const first = await send('PATCH', '/api/feedback/2', 'ann', { status: 'triaged' });
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"st-[A-Za-z0-9_-]+"$/);
    const patch = (etag: string, body: object) =>
      call(`${server.url}/api/feedback/2`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: 'Bearer ann', 'if-match': etag }, body: JSON.stringify(body) });
    const done = await patch(tag, { status: 'done', note: 'shipped in 1.12' });
    expect(done.status).toBe(200);
    const stale = await patch(tag, { status: 'spam' });
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.body.error.message).toContain('Ann Lee changed its status since it was read');
    expectError(await patch('"not-ours"', { status: 'spam' }), 412, 'PRECONDITION_FAILED');
    expect((await list('?status=done')).data[0]).toMatchObject({ id: 2, note: 'shipped in 1.12' });
    expect((await patch(done.headers.get('etag')!, { status: 'planned', note: 'shipped in 1.12' })).status).toBe(200);
    expect((await patch('*', { status: 'done', note: 'shipped in 1.12' })).status).toBe(200);
  });
});
