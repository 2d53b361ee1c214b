import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clusterBackend, folderBackend, type StoreBackend } from '@companion/database/testing';
import { CatalogDrafts, DRAFTS_FILE, DraftChangedError, UnknownDraftError, type DraftChange } from '../src';
import { JournalDraftLog } from '../src/drafts/journal-drafts';
import { PostgresDraftLog } from '../src/drafts/postgres-drafts';
import { steppingClock } from './harness';

// One suite, both backends: drafts of catalogue changes survive a restart, and of two people
// acting on one version of a draft only the first succeeds.

const folder = folderBackend('drafts', async (dir) => new CatalogDrafts(await JournalDraftLog.open(dir), steppingClock()));
const cluster = clusterBackend('drafts', async (db) => new CatalogDrafts(await PostgresDraftLog.open(db), steppingClock()));

const ann = { actor: 'Ann Support', actor_id: 'token-name:Ann Support' };
const ben = { actor: 'Ben Publisher', actor_id: 'token-name:Ben Publisher' };
const change = (info: string): DraftChange => ({
  flag: 'PORT1001',
  kind: 'update',
  body: { Info: info, Solution: ['Close the other program.'] },
  base: { Flag: 'PORT1001', Info: 'The port is taken.', Solution: ['Close the other program.'], messages: [], category: 'network', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null },
});

function draftContract(backend: StoreBackend<CatalogDrafts>) {
  (backend.unavailable ? describe.skip : describe)(`catalogue drafts on ${backend.name}`, () => {
    if (backend.unavailable) console.log(`skipped: ${backend.unavailable}`);
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('a draft, sent back, revised and published, is read back whole after a restart', async () => {
      const drafts = await backend.open();
      const first = await drafts.start(change('The port is in use.'), ann, 'Clearer wording');
      expect(first).toMatchObject({ id: 1, version: 1, status: 'open', author: ann.actor, flag: 'PORT1001', kind: 'update' });
      await drafts.act(1, 1, 'returned', ben, { comment: 'Say which port.' });
      await drafts.act(1, 2, 'revised', ann, { change: change('Port 7000 is in use.') });
      const published = await drafts.act(1, 3, 'published', ben, { seq: 42 });
      expect(published.status).toBe('published');
      if (!backend.replicas) await drafts.close();
      const again = await backend.open();
      const [read] = await again.list();
      expect(read).toEqual(published);
      expect(read!.body.Info).toBe('Port 7000 is in use.');
      expect(read!.events.map((e) => [e.action, e.actor, e.comment ?? null, e.catalog_seq ?? null])).toEqual([
        ['drafted', ann.actor, 'Clearer wording', null],
        ['returned', ben.actor, 'Say which port.', null],
        ['revised', ann.actor, null, null],
        ['published', ben.actor, null, 42],
      ]);
    });

    test('two people acting on one version: the second is told the draft changed', async () => {
      const drafts = await backend.open();
      const other = backend.replicas ? await backend.open() : drafts;
      await drafts.start(change('A'), ann);
      const outcomes = await Promise.allSettled([drafts.act(1, 1, 'published', ben, { seq: 7 }), other.act(1, 1, 'returned', { actor: 'Cy', actor_id: 'token-name:Cy' }, { comment: 'no' })]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(DraftChangedError);
      expect((await drafts.get(1)).version).toBe(2);
    });

    test('a publish the catalogue took is recorded even when the author revised or withdrew meanwhile, naming the version published', async () => {
      const drafts = await backend.open();
      const other = backend.replicas ? await backend.open() : drafts;
      await drafts.start(change('A'), ann);
      await drafts.start(change('B'), ann);
      // Ben's catalogue write of version 1 runs; meanwhile Ann revises draft 1 and withdraws draft 2.
      await other.act(1, 1, 'revised', ann, { change: change('A, revised') });
      await other.act(2, 1, 'withdrawn', ann);
      const revised = await drafts.recordPublished(1, 1, ben, 11);
      const withdrawn = await drafts.recordPublished(2, 1, ben, 12);
      expect([revised.status, withdrawn.status]).toEqual(['published', 'published']);
      expect(revised.events.at(-1)).toMatchObject({ version: 3, action: 'published', actor: ben.actor, catalog_seq: 11, comment: 'Version 1 was published; Ann Support revised it meanwhile, and that is not in the catalogue.' });
      expect(withdrawn.events.at(-1)).toMatchObject({ version: 3, catalog_seq: 12, comment: 'Version 1 was published; Ann Support withdrew it meanwhile, and that is not in the catalogue.' });
    });

    test('drafts begun at once take numbers of their own', async () => {
      const drafts = await backend.open();
      const other = backend.replicas ? await backend.open() : drafts;
      const made = await Promise.all([drafts.start(change('A'), ann), other.start(change('B'), ben), drafts.start(change('C'), ann)]);
      expect(new Set(made.map((d) => d.id)).size).toBe(3);
      expect((await other.list()).map((d) => d.body.Info).sort()).toEqual(['A', 'B', 'C']);
    });

    test('a form sent twice, even at once, makes one draft', async () => {
      const drafts = await backend.open();
      const other = backend.replicas ? await backend.open() : drafts;
      const key = '6f9619ff-8b86-4d01-b42d-00c04fc964ff';
      const [a, b] = await Promise.all([drafts.start(change('A'), ann, undefined, key), other.start(change('A'), ann, undefined, key)]);
      expect(a.id).toBe(b.id);
      expect((await drafts.start(change('A'), ann, undefined, key)).id).toBe(a.id);
      // The same key from someone else is their own form.
      expect((await drafts.start(change('A'), ben, undefined, key)).id).not.toBe(a.id);
      expect(await drafts.list()).toHaveLength(2);
    });

    test('only the author revises or withdraws; a published draft is final; an unknown one is 404', async () => {
      const drafts = await backend.open();
      await drafts.start(change('A'), ann);
      await expect(drafts.act(1, 1, 'withdrawn', ben)).rejects.toThrow('Only its author, Ann Support');
      await drafts.act(1, 1, 'published', ben, { seq: 3 });
      await expect(drafts.act(1, 2, 'withdrawn', ann)).rejects.toThrow('is published');
      await expect(drafts.get(9)).rejects.toBeInstanceOf(UnknownDraftError);
    });
  });
}

draftContract(folder);
draftContract(cluster);

describe('the drafts journal', () => {
  beforeEach(() => folder.fresh());
  afterEach(() => folder.cleanUp());

  test('is made by the first draft, and a torn last line (a crash mid-append) is dropped', async () => {
    const drafts = await folder.open();
    await expect(readFile(join(folder.dir(), DRAFTS_FILE))).rejects.toThrow('ENOENT');
    await drafts.start(change('A'), ann);
    await drafts.close();
    await appendFile(join(folder.dir(), DRAFTS_FILE), '{"seq":2,"draft":1,"vers');
    const again = await folder.open();
    expect((await again.list()).map((d) => d.version)).toEqual([1]);
    await again.act(1, 1, 'revised', ann, { change: change('B') });
    expect((await again.get(1)).body.Info).toBe('B');
  });
});
