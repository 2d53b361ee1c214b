import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { openFileHaltStore } from '@companion/rollout-store';
import { rolloutBucket } from '../src/routes/rollout';
import { formOf, signedIn } from './browser-client';
import { textOf } from './release-page';
import { call, fleetIds, flushed, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// A box that ran on the flat files moves to PostgreSQL: `pnpm db:import` carries its feedback
// (ids and times) and the work on it, its mail outbox, its catalogue log (seqs, order, id) and
// drafts, its halts and shares, installs and bug votes, search counts and its restore lineage over,
// once however often it runs, and the service on the database serves exactly what the box served.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const TOKENS = 'all=*';
const skip = clusterUnavailable();
if (skip) console.log(skip);

let cluster: TempCluster;
let dataDir: string;
let contentDir: string;
beforeAll(async () => {
  if (skip) return;
  cluster = await TempCluster.start();
  dataDir = await mkdtemp(join(tmpdir(), 'import-data-'));
  contentDir = await mkdtemp(join(tmpdir(), 'import-content-'));
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
}, 120_000);
afterAll(async () => {
  await cluster?.destroy();
  for (const dir of [dataDir, contentDir]) if (dir) await rm(dir, { recursive: true, force: true });
}, 180_000);

const json = { 'content-type': 'application/json', authorization: 'Bearer all' };
const post = (server: TestServer, path: string, body: unknown, method = 'POST') => call(`${server.url}${path}`, { method, headers: json, body: JSON.stringify(body) });
const get = (server: TestServer, path: string) => call(`${server.url}${path}`, { headers: { authorization: 'Bearer all' } });
/** The form of a console page that posts to `path`. */
function formPosting(html: string, base: string, path: string) {
  const forms = [...html.matchAll(/<form\b/g)].map((_, i) => formOf(html, base, i));
  const form = forms.find((f) => new URL(f.action).pathname === path);
  if (!form) throw new Error(`no form posting to ${path}`);
  return form;
}
const importer = (url: string) =>
  run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/db-import.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url } }).then((r) => r.stdout);

(skip ? describe.skip : describe)('moving from the flat files to PostgreSQL', () => {
  it('imports feedback, the outbox and the catalogue log once, and the service on the database serves what the box served', async () => {
    const url = await cluster.createDatabase('imported');
    const files = await startServer({ dataDir, contentDir, tokens: TOKENS });
    for (const content of ['First.', 'Second.', 'Third.']) expect((await post(files, '/api/feedback', { content, type: 'bug' })).status).toBe(201);
    expect((await post(files, '/api/tunnel/errors', { Flag: 'MOVED1', Info: 'Added on the box.', Solution: ['Retry.'] })).status).toBe(201);
    expect((await post(files, '/api/tunnel/errors/TLS4002', { severity: 'low' }, 'PATCH')).status).toBe(200);
    expect((await post(files, '/api/tunnel/errors/AUTH2001', undefined, 'DELETE')).status).toBe(200);
    expect((await post(files, '/api/send_email', { to: 'ops@example.org', subject: 'Queued', text: 'On the box.' })).status).toBe(202);
    const before = {
      feedback: (await get(files, '/api/feedback')).body.data,
      logs: (await get(files, '/api/tunnel/errors/logs')).body.data,
      catalog: (await get(files, '/health')).body.catalog,
      entries: (await get(files, '/api/tunnel/errors')).body.data,
    };
    await files.close();

    // On the database before the import: the box's data is not served, and /health says where it is.
    const early = await startServer({ dataDir, contentDir, tokens: TOKENS, env: { DATABASE_URL: url } });
    try {
      expect((await get(early, '/api/feedback')).body.total).toBe(0);
      expect((await get(early, '/health')).body.storage.unimported).toEqual(expect.arrayContaining(['catalog-ops.jsonl', 'feedback.jsonl', expect.stringMatching(/^outbox\/.*\.eml$/)]));
    } finally {
      await early.close();
    }

    const first = await importer(url);
    expect(first).toContain('feedback: 3 of 3 records imported');
    expect(first).toContain('mail outbox: 1 of 1 messages imported');
    expect(first).toContain(`catalogue log: 3 of 3 records imported (log ${before.catalog.log_id})`);
    // The service started on the database before the import began a lineage there: the database keeps it.
    expect(first).toMatch(/^restore lineage: the database keeps its own \([0-9a-f-]{36}\); the folder's 0 restores noticed were not imported$/m);
    expect(first).not.toContain('restore witness');
    const again = await importer(url);
    expect(again).toContain('feedback: 0 of 3 records imported');
    expect(again).toContain('mail outbox: 0 of 1 messages imported');
    expect(again).toContain('catalogue log: 0 of 3 records imported');

    const moved = await startServer({ dataDir, contentDir, tokens: TOKENS, env: { DATABASE_URL: url } });
    try {
      const health = (await get(moved, '/health')).body;
      expect(health.storage.unimported).toBeUndefined();
      expect(health.catalog).toMatchObject({ log_id: before.catalog.log_id, applied_seq: 3, digest: before.catalog.digest, entries: before.catalog.entries });
      expect((await get(moved, '/api/feedback')).body.data).toEqual(before.feedback);
      expect((await get(moved, '/api/tunnel/errors/logs')).body.data).toEqual(before.logs);
      expect((await get(moved, '/api/tunnel/errors')).body.data).toEqual(before.entries);
      // New ids continue after the imported ones.
      expect((await post(moved, '/api/feedback', { content: 'Fourth, on the database.' })).body.data.id).toBe(4);
      expect((await post(moved, '/api/tunnel/errors/addNew', { Flag: 'MOVED2', Info: 'Added on the database.', Solution: ['Retry.'] })).body.logs_count).toBe(4);
    } finally {
      await moved.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT recipients, queued_at FROM mail_outbox');
    await client.end();
    expect(rows).toEqual([expect.objectContaining({ recipients: ['ops@example.org'] })]);
  }, 120_000);

  it('refuses to renumber a catalogue log into a database that has one of its own', async () => {
    const url = await cluster.createDatabase('has_a_log');
    const own = await startServer({ contentDir, dataDir: await mkdtemp(join(tmpdir(), 'own-data-')), tokens: TOKENS, env: { DATABASE_URL: url } });
    expect((await post(own, '/api/tunnel/errors', { Flag: 'OWN1', Info: 'Already here.', Solution: ['Retry.'] })).status).toBe(201);
    await own.close();
    const refused = await importer(url).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot import: the database's catalogue log already holds 1 records: .* import into a new database$/)]);
    // All or nothing: the box's feedback (contact data included) and its outbox were not written either.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ feedback: string; mail: string }>('SELECT (SELECT count(*) FROM feedback) AS feedback, (SELECT count(*) FROM mail_outbox) AS mail');
    await client.end();
    expect(rows[0]).toEqual({ feedback: '0', mail: '0' });
  }, 180_000);

  it('carries the installs seen active over, hashed alike and with their credentials still good: an install offered a release on the box and taking it on the database counts as taking it', async () => {
    const url = await cluster.createDatabase('adoption');
    const boxDir = await mkdtemp(join(tmpdir(), 'adoption-box-'));
    let ids: string[] = [];
    const check = (server: TestServer, version: string, i: number) => call(`${server.url}/api/changelog/since/${version}?install_id=${ids[i]}&platform=linux`);
    const box = await startServer({ contentDir, dataDir: boxDir, tokens: TOKENS });
    const offered: string[] = [];
    try {
      ids = fleetIds(box, 8, Date.now()); // issued by the box, under its credential key
      for (let i = 0; i < 8; i++) offered.push((await check(box, '1.11.1', i)).body.data.latest);
    } finally {
      await box.close(); // the counts are written at shutdown
    }
    const importBox = () => run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/db-import.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: boxDir, DATABASE_URL: url } }).then((r) => r.stdout);
    expect(await importBox()).toContain('installs seen active: 8 of 8 rows imported (install ids hashed alike before and after)');
    expect(await importBox()).toContain('installs seen active: 0 of 8 rows imported');
    const moved = await startServer({ contentDir, dataDir: await mkdtemp(join(tmpdir(), 'moved-adoption-')), tokens: TOKENS, env: { DATABASE_URL: url } });
    try {
      // On the database, each install checks in from the version the box offered it.
      for (let i = 0; i < 8; i++) expect((await check(moved, offered[i]!, i)).status).toBe(200);
      await flushed(moved);
      for (const version of new Set(offered)) {
        const count = offered.filter((v) => v === version).length;
        const health = (await get(moved, `/api/releases/${version}/health?days=1`)).body.data;
        expect(health.days[0]).toMatchObject({ offered: count, took: count, active_installs: count });
      }
      expect((await get(moved, '/api/releases/1.11.1/health?days=1')).body.data.days[0].active_installs).toBe(8);
    } finally {
      await moved.close();
      await rm(boxDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('carries a halted rollout over: the service on the database keeps the release from new installs', async () => {
    const url = await cluster.createDatabase('halts');
    const boxDir = await mkdtemp(join(tmpdir(), 'halt-box-'));
    const store = await openFileHaltStore(boxDir);
    const figures = { from: '2026-11-01', to: '2026-11-07', active_installs: 900, install_days: 4000, bug_reports: 80, bug_per_1000: 20, previous: { version: '1.11.2', install_days: 30000, bug_reports: 60, bug_per_1000: 2 }, factor: 2, min_active_installs: 500 };
    await store.halt({ version: '1.12.0', channel: 'stable', day: '2026-11-07', halted_at: '2026-11-07T10:00:00.000Z', figures, notify: ['releases@example.com'] });
    await store.close();
    // A person set 1.12.1's share in the console twice, the second following the first.
    const share = { version: '1.12.1', channel: 'stable', file_rollout: 20, set_by: 'console: Pia Product', superseded_at: null, superseded_by_rollout: null };
    await writeFile(join(boxDir, 'rollout-shares.json'), JSON.stringify({ shares: [{ ...share, id: 1, rollout: 5, replaces: null, set_at: '2026-11-07T11:00:00.000Z', reason: 'slow start' }, { ...share, id: 2, rollout: 10, replaces: 1, set_at: '2026-11-07T12:00:00.000Z', reason: 'looks fine' }] }));
    const importHalts = () => run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/db-import.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: boxDir, DATABASE_URL: url } }).then((r) => r.stdout);
    const first = await importHalts();
    expect(first).toContain('halted rollouts: 1 of 1 records imported');
    expect(first).toContain('rollout shares set in the console: 2 of 2 settings imported');
    const again = await importHalts();
    expect(again).toContain('halted rollouts: 0 of 1 records imported');
    expect(again).toContain('rollout shares set in the console: 0 of 2 settings imported (the database holds settings of those releases already)');
    const moved = await startServer({ contentDir, dataDir: await mkdtemp(join(tmpdir(), 'moved-halt-')), tokens: TOKENS, env: { DATABASE_URL: url } });
    try {
      expect((await call(`${moved.url}/health`)).body.releases.halted).toEqual([{ version: '1.12.0', channel: 'stable', day: '2026-11-07', halted_at: '2026-11-07T10:00:00.000Z', halted_by: 'guard', reason: null, figures }]);
      expect(moved.services.halts.shares.map(({ version, rollout, reason, set_by }) => ({ version, rollout, reason, set_by }))).toEqual(
        expect.arrayContaining([{ version: '1.12.1', rollout: 5, reason: 'slow start', set_by: 'console: Pia Product' }, { version: '1.12.1', rollout: 10, reason: 'looks fine', set_by: 'console: Pia Product' }]),
      );
      // An install in the release's 20 % share is not offered it.
      let install = 0;
      while (rolloutBucket(`install-${install}`, '1.12.0') >= 20) install++;
      expect((await call(`${moved.url}/api/changelog/since/1.11.2?install_id=install-${install}`)).body.data.latest).toBe('1.11.2');
    } finally {
      await moved.close();
      await rm(boxDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("carries the work people did on the box: feedback statuses and two people's notes, an erasure, drafts, share settings, bug votes, search counts and answers, and the restore lineage, each read back on the database", async () => {
    const url = await cluster.createDatabase('work');
    const boxDir = await mkdtemp(join(tmpdir(), 'work-box-'));
    const people = 'pia=*,olaf=*';
    const as = (server: TestServer, who: string, path: string, body?: unknown, method = 'GET') =>
      call(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${who}` }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const day = new Date().toISOString().slice(0, 10);
    // The console signs people in with their tokens.
    const signIn = { signIn: { secret: 'a session secret of the test, 32+ characters long', ttlMs: 600_000, oidc: null } };
    const box = await startServer({ contentDir, dataDir: boxDir, tokens: people, deps: signIn });
    let before: { feedback: unknown; work: unknown; shares: unknown; votes: unknown; drafts: unknown; searches: unknown; answers: unknown };
    let [pia, olaf] = ['', ''];
    try {
      // Two installs the box vouches for run 1.11.1 and report a bug from it, from one network: one bug vote.
      const installs = fleetIds(box, 2, Date.now());
      for (const install of installs) {
        expect((await call(`${box.url}/api/changelog/since/1.11.1?install_id=${install}&platform=linux`)).status).toBe(200);
        expect((await as(box, 'pia', '/api/feedback', { content: `Crash on start (${install.slice(0, 4)}).`, type: 'bug', client_version: '1.11.1', install_id: install }, 'POST')).status).toBe(201);
      }
      const triaged = await as(box, 'pia', '/api/feedback/1', { status: 'triaged', note: 'Seen on Linux too.' }, 'PATCH');
      const planned = await as(box, 'olaf', '/api/feedback/1', { status: 'planned', note: 'Fixed in 1.12.' }, 'PATCH');
      expect([triaged.status, planned.status]).toEqual([200, 200]);
      [pia, olaf] = [triaged.body.data.status_by, planned.body.data.status_by];
      expect(pia).not.toBe(olaf);
      expect((await as(box, 'olaf', '/api/feedback/2', { status: 'spam', reason: 'a test report' }, 'PATCH')).status).toBe(200);
      // Someone asks for their address to be erased.
      expect((await as(box, 'pia', '/api/feedback', { content: 'Write to me at ann@example.org.', contact: 'ann@example.org' }, 'POST')).status).toBe(201);
      expect((await as(box, 'olaf', '/api/feedback/erasure', { contact: 'ann@example.org', reason: 'erasure request' }, 'POST')).body.data.ids).toEqual([3]);
      // In the console, Pia drafts a new entry and Olaf sends it back.
      const piaBrowser = await signedIn(box.url, 'pia');
      const drafting = formPosting((await piaBrowser.follow(`${box.url}/console/drafts/new`)).text, box.url, '/console/drafts/new');
      const drafted = await piaBrowser.follow(drafting.action, { form: { ...drafting.fields, Flag: 'DRAFT1', Info: 'Drafted on the box.', Solution: 'Wait.', action: 'save' } });
      expect(drafted.url).toBe(`${box.url}/console/drafts/1`);
      const olafBrowser = await signedIn(box.url, 'olaf');
      const returning = formPosting((await olafBrowser.follow(`${box.url}/console/drafts/1`)).text, box.url, '/console/drafts/1/return');
      expect((await olafBrowser.follow(returning.action, { form: { ...returning.fields, comment: 'Say what to wait for.' } })).res.status).toBe(200);
      const drafts = box.services.catalog.drafts;
      expect((await drafts.get(1)).status).toBe('returned');
      // Customers search the catalogue; staff mark an entry as the answer to one query.
      for (const q of ['tls handshake', 'tls handshake', 'nothing matches zzqx']) expect((await call(`${box.url}/api/tunnel/errors/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
      const searched = await olafBrowser.follow(`${box.url}/console/search?q=${encodeURIComponent('tls handshake')}`);
      const answering = [...searched.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].findIndex((form) => form[1]!.includes('/console/search/answered') && form[2]!.includes('name="flag" placeholder'));
      const answer = formOf(searched.text, `${box.url}/console/search`, answering);
      expect((await olafBrowser.follow(answer.action, { form: { ...answer.fields, flag: 'TLS4002' } })).text).toContain('Marked as the answer.');
      // In the console, Pia sets 1.12.0's staged share, and Olaf widens it after her.
      for (const [browser, rollout, reason] of [[piaBrowser, '30', 'slow start'], [olafBrowser, '60', 'looks fine']] as const) {
        const share = formPosting((await browser.follow(`${box.url}/console/releases`)).text, box.url, '/console/releases/1.12.0/share');
        expect((await browser.follow(share.action, { form: { ...share.fields, rollout, reason } })).res.status).toBe(200);
      }
      await flushed(box);
      await box.services.searchFeedback.recorder.flush();
      before = {
        feedback: (await as(box, 'pia', '/api/feedback')).body.data,
        work: await box.services.feedback.workLog(),
        shares: box.services.halts.shares.map(({ version, rollout, reason, set_by, set_at }) => ({ version, rollout, reason, set_by, set_at })),
        votes: await box.services.adoption.guardDays(['1.11.1'], day, day),
        drafts: await drafts.list(),
        searches: await box.services.searchFeedback.store.report(day, day),
        answers: await box.services.searchFeedback.store.answers(),
      };
    } finally {
      await box.close();
    }
    const boxLineage = JSON.parse(await readFile(join(boxDir, 'restore-lineage.json'), 'utf8')).mark;
    const importWork = (into = url) => run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/db-import.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: boxDir, DATABASE_URL: into } }).then((r) => r.stdout);

    // A database that numbered a draft of its own refuses the box's, and takes none of the box's data.
    const taken = await cluster.createDatabase('work_taken');
    const other = await startServer({ contentDir, tokens: people, env: { DATABASE_URL: taken } });
    await other.services.catalog.drafts.start({ flag: 'OTHER1', kind: 'create', body: { Flag: 'OTHER1', Info: 'Drafted elsewhere.', Solution: ['Wait.'] }, base: null }, { actor: 'olaf', actor_id: 'token-name:olaf' });
    await other.close();
    const refused = await importWork(taken).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr.trim()).toMatch(/^cannot import: the database already holds another draft numbered 1: import into a database that has no drafts yet$/);
    const check = new pg.Client({ connectionString: taken });
    await check.connect();
    const { rows: left } = await check.query(
      `SELECT (SELECT count(*) FROM feedback) AS feedback, (SELECT count(*) FROM feedback_events) AS work, (SELECT count(*) FROM catalog_draft_events) AS drafts,
              (SELECT count(*) FROM bug_vote) AS votes, (SELECT count(*) FROM search_count_day) AS searches, (SELECT count(*) FROM restore_event) AS restores`,
    );
    await check.end();
    expect(left[0]).toEqual({ feedback: '0', work: '0', drafts: '1', votes: '0', searches: '0', restores: '0' });
    const first = await importWork();
    expect(first).toContain('feedback work: 6 of 6 events imported (3 statuses, 2 notes, 1 erasures)');
    expect(first).toContain('catalogue drafts: 2 of 2 events of 1 drafts imported');
    expect(first).toContain('bug votes: 1 of 1 votes imported');
    expect(first).toContain('rollout shares set in the console: 2 of 2 settings imported');
    expect(first).toMatch(/search counts: (\d+) of \1 day counts imported; staff answers: 1 of 1 imported/);
    expect(first).toMatch(new RegExp(`restore lineage: ${boxLineage.lineage} carried at tick ${boxLineage.tick}; 0 of 0 restores noticed imported`));
    // The box's witness goes where the service on the database keeps it, so the move is no restore.
    expect(first).toContain(`restore witness: the box's copied to ${join(boxDir, 'restore-witness.json')}`);
    expect(JSON.parse(await readFile(join(boxDir, 'restore-witness.json'), 'utf8'))).toEqual(JSON.parse(await readFile(`${boxDir}.restore-witness.json`, 'utf8')));
    const again = await importWork();
    expect(again).not.toContain('restore witness');
    expect(again).toContain('feedback work: 0 of 6 events imported');
    expect(again).toContain('catalogue drafts: 0 of 2 events of 1 drafts imported');
    expect(again).toContain('bug votes: 0 of 1 votes imported');
    expect(again).toMatch(/search counts: 0 of (\d+) day counts imported \(\1 held by the database already, left as they are\); staff answers: 0 of 1 imported/);

    const moved = await startServer({ contentDir, dataDir: boxDir, tokens: people, env: { DATABASE_URL: url }, deps: signIn });
    try {
      const feedback = (await as(moved, 'olaf', '/api/feedback')).body.data;
      expect(feedback).toEqual(before.feedback);
      // The activity log: every status set and the erasure, by whom and when.
      expect(await moved.services.feedback.workLog()).toEqual(before.work);
      expect((before.work as { kind: string }[]).map((w) => w.kind)).toEqual(['status', 'status', 'status', 'erasure']);
      const worked = feedback.find((f: { id: number }) => f.id === 1);
      expect(worked).toMatchObject({ status: 'planned', status_by: olaf, notes: [expect.objectContaining({ by: pia, text: 'Seen on Linux too.' }), expect.objectContaining({ by: olaf, text: 'Fixed in 1.12.' })] });
      expect(await moved.services.adoption.guardDays(['1.11.1'], day, day)).toEqual(before.votes);
      expect((before.votes as { votes: number }[])[0]?.votes).toBe(1);
      expect(await moved.services.catalog.drafts.list()).toEqual(before.drafts);
      const draftPage = (await (await signedIn(moved.url, 'pia')).follow(`${moved.url}/console/drafts/1`)).text;
      for (const shown of ['Drafted on the box.', 'Say what to wait for.']) expect(draftPage).toContain(shown);
      expect(moved.services.halts.shares.map(({ version, rollout, reason, set_by, set_at }) => ({ version, rollout, reason, set_by, set_at }))).toEqual(before.shares);
      expect(before.shares).toEqual([expect.objectContaining({ rollout: 60, reason: 'looks fine' }), expect.objectContaining({ rollout: 30, reason: 'slow start' })]);
      expect(textOf((await (await signedIn(moved.url, 'olaf')).follow(`${moved.url}/console/releases`)).text)).toContain('looks fine');
      expect(await moved.services.searchFeedback.store.report(day, day)).toEqual(before.searches);
      expect(before.searches).toEqual(expect.arrayContaining([expect.objectContaining({ query: 'tls handshake', searches: 2 })]));
      expect(await moved.services.searchFeedback.store.answers()).toEqual(before.answers);
      expect(before.answers).toEqual([expect.objectContaining({ query: 'tls handshake', flag: 'TLS4002' })]);
      const topQueries = textOf((await (await signedIn(moved.url, 'olaf')).follow(`${moved.url}/console/search`)).text);
      expect(topQueries).toContain('tls handshake');
      // New drafts are numbered after the imported one; the move reports no restore.
      const next = await moved.services.catalog.drafts.start({ flag: 'DRAFT2', kind: 'create', body: { Flag: 'DRAFT2', Info: 'Drafted on the database.', Solution: ['Wait.'] }, base: null }, { actor: 'olaf', actor_id: 'token-name:olaf' });
      expect(next.id).toBe(2);
      const health = (await call(`${moved.url}/health`)).body;
      expect(health.storage.unimported).toBeUndefined();
      expect(health.restore).toMatchObject({ detected_at: null, confirmed: true });
    } finally {
      await moved.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT lineage FROM restore_lineage');
    await client.end();
    expect(rows).toEqual([{ lineage: boxLineage.lineage }]);
    await rm(boxDir, { recursive: true, force: true });
    await rm(`${boxDir}.restore-witness.json`, { force: true });
  }, 180_000);
});
