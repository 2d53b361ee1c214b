import type { FeedbackInput } from '@companion/schema';
import { BlankFeedbackError, StorageUnavailableError, type FeedbackStore } from '../../src';
import { feedback, ip, manualClock } from '../harness';
import { until, type FeedbackBackend } from './backend';

/**
 * What every feedback store promises, written once and run against each backend (files,
 * PostgreSQL): answers, cleaning, 422 blank, newest first, paging and totals, stats by type and
 * by day, nothing lost across a reopen, and refusals with their cause that heal without one.
 */
export function feedbackContract(backend: FeedbackBackend): void {
  if (backend.unavailable) console.log(`${backend.name}: ${backend.unavailable}`);
  (backend.unavailable ? describe.skip : describe)(`feedback store contract: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 120_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    const texts = async (store: FeedbackStore) => (await store.list({ page: 1, perPage: 500 })).records.map((r) => r.content);

    test('submit answers the id and time; list pages newest first, filters by type, and survives a reopen', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      expect(await store.submit(feedback('first', { type: 'bug', contact: 'me@example.org', platform: 'linux' }), ip)).toEqual({
        id: 1,
        created_at: '2026-11-25T22:04:40.123456Z',
      });
      for (let i = 2; i <= 7; i++) await store.submit(feedback(`number ${i}`, { type: i % 2 ? 'question' : 'suggestion' }), ip);

      const page1 = await store.list({ page: 1, perPage: 3 });
      expect(page1.total).toBe(7);
      expect(page1.records.map((r) => r.id)).toEqual([7, 6, 5]);
      expect((await store.list({ page: 3, perPage: 3 })).records.map((r) => r.id)).toEqual([1]);
      expect(await store.list({ page: 4, perPage: 3 })).toEqual({ total: 7, records: [] });
      expect(await store.list({ page: 1, perPage: 50, type: 'question' })).toMatchObject({ total: 3, records: [{ id: 7 }, { id: 5 }, { id: 3 }] });
      expect(await store.list({ page: 2, perPage: 2, type: 'suggestion' })).toMatchObject({ total: 3, records: [{ id: 2 }] });
      expect(await store.list({ page: 1, perPage: 5, type: 'other' })).toEqual({ total: 0, records: [] });
      expect((await store.list({ page: 1, perPage: 1, type: 'bug' })).records[0]).toEqual({
        id: 1,
        created_at: '2026-11-25T22:04:40.123456Z',
        type: 'bug',
        content: 'first',
        contact: 'me@example.org',
        client_version: null,
        platform: 'linux',
        status: 'new',
        note: null,
        notes: [],
        status_by: null,
        status_at: null,
        user_ip: '198.51.100.4',
      });
      const everything = await store.list({ page: 1, perPage: 100 });
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.list({ page: 1, perPage: 100 })).toEqual(everything);
      expect((await reopened.submit(feedback('after reopen'), ip)).id).toBe(8);
      await reopened.close();
    });

    test('concurrent submissions all land with distinct ids, listed newest first', async () => {
      const store = await backend.open(manualClock());
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => store.submit(feedback(`n${i}`), ip)));
      const ids = answers.map((a) => a.id);
      expect(new Set(ids).size).toBe(100);
      const listed = (await store.list({ page: 1, perPage: 500 })).records;
      expect(listed.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a));
      expect(listed.map((r) => r.content).sort()).toEqual(answers.map((_, i) => `n${i}`).sort());
      await store.close();
    });

    test('control characters are removed (content keeps line breaks and tabs), text is NFC, blank is refused', async () => {
      const store = await backend.open(manualClock());
      await store.submit(
        feedback('Cafe\u0301 crashed\u0007\r\nstep\t1\rstep 2\u0000\u001b[31m\u0085', {
          contact: 'Ann\u000a@Exa\u0301mple.org',
        }),
        ip,
      );
      const [stored] = (await store.list({ page: 1, perPage: 1 })).records;
      expect(stored).toMatchObject({
        content: 'Café crashed\nstep\t1\nstep 2[31m',
        contact: 'Ann@Ex\u00e1mple.org', // NFC: á as one code point
        client_version: null,
      });
      await expect(store.submit(feedback('\u0000\u0001\u0002'), ip)).rejects.toBeInstanceOf(BlankFeedbackError);
      expect((await store.list({ page: 1, perPage: 10 })).total).toBe(1);
      await store.close();
    });

    test('stats count per type and per UTC day over the last 30 days, zero days included, across a reopen', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      const at = async (iso: string, type: FeedbackInput['type']) => {
        clock.set(iso);
        await store.submit(feedback('x', { type }), ip);
      };
      await at('2026-10-26T23:59:59.999999Z', 'bug'); // 30 days before today: outside the window
      await at('2026-10-27T00:00:00Z', 'bug'); // first day of the window
      await at('2026-11-24T12:00:00Z', 'question');
      await at('2026-11-25T00:00:00Z', 'other');
      await at('2026-11-25T23:59:59.999999Z', 'other');

      const stats = await store.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000);
      expect(stats.total).toBe(5);
      expect(stats.by_type).toEqual({ bug: 2, suggestion: 0, question: 1, other: 2 });
      expect(stats.by_day).toHaveLength(30);
      expect(stats.by_day[0]).toEqual({ date: '2026-10-27', count: 1 });
      expect(stats.by_day[1]).toEqual({ date: '2026-10-28', count: 0 });
      expect(stats.by_day[5]).toEqual({ date: '2026-11-01', count: 0 }); // across the month end
      expect(stats.by_day.slice(-2)).toEqual([
        { date: '2026-11-24', count: 1 },
        { date: '2026-11-25', count: 2 },
      ]);
      expect(stats.by_day.reduce((sum, d) => sum + d.count, 0)).toBe(4);

      const tomorrow = (await store.stats(Date.parse('2026-11-26T08:00:00Z') * 1000)).by_day;
      expect(tomorrow[0]).toEqual({ date: '2026-10-28', count: 0 });
      expect(tomorrow.at(-1)).toEqual({ date: '2026-11-26', count: 0 });
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000)).toEqual(stats);
      await reopened.close();
    });

    test('lists filter by platform, client version, status, UTC day range and text, alone and together; scan streams the same', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      const at = async (iso: string, content: string, extra: Partial<FeedbackInput>) => {
        clock.set(iso);
        return (await store.submit(feedback(content, extra), ip)).id;
      };
      await at('2026-11-01T00:00:00Z', 'Tray icon vanishes', { type: 'bug', platform: 'windows', client_version: '1.11.2' });
      await at('2026-11-02T23:59:59.999999Z', 'Dark mode please', { type: 'suggestion', platform: 'macos', client_version: '1.11.2' });
      await at('2026-11-03T00:00:00Z', 'the TRAY menu is slow', { type: 'bug', platform: 'linux', client_version: 'v1.12.0-beta.1' });
      await at('2026-11-04T12:00:00Z', 'how do I export?', { type: 'question' });
      const ids = async (filter: Parameters<FeedbackStore['list']>[0]) => {
        const page = await store.list(filter);
        const scanned: number[] = [];
        const { page: _p, perPage: _pp, ...rest } = filter;
        for await (const record of store.scan(rest)) scanned.push(record.id);
        expect(scanned.slice(0, page.records.length)).toEqual(page.records.map((r) => r.id));
        expect(scanned).toHaveLength(page.total);
        return page.records.map((r) => r.id);
      };
      const all = { page: 1, perPage: 50 };
      expect(await ids({ ...all, platform: 'windows' })).toEqual([1]);
      expect(await ids({ ...all, clientVersion: '1.11.2' })).toEqual([2, 1]);
      expect(await ids({ ...all, clientVersion: 'v1.12.0-beta.1' })).toEqual([3]);
      expect(await ids({ ...all, from: '2026-11-02' })).toEqual([4, 3, 2]);
      expect(await ids({ ...all, to: '2026-11-02' })).toEqual([2, 1]);
      expect(await ids({ ...all, from: '2026-11-02', to: '2026-11-03' })).toEqual([3, 2]);
      expect(await ids({ ...all, text: 'tray' })).toEqual([3, 1]);
      expect(await ids({ ...all, text: 'tray', type: 'bug', platform: 'linux' })).toEqual([3]);
      expect(await ids({ ...all, text: 'nothing like it' })).toEqual([]);
      expect(await ids({ ...all, status: 'new' })).toEqual([4, 3, 2, 1]);
      expect(await store.list({ page: 2, perPage: 1, text: 'tray' })).toMatchObject({ total: 2, records: [{ id: 1 }] });
      await store.close();
    });

    test('a status with a note, recorded with the person; unknown ids are null; statuses survive a reopen and change the version', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('one'), ip);
      await store.submit(feedback('two', { type: 'bug' }), ip);
      const before = await store.version();
      clock.set('2026-11-26T09:00:00.5Z');
      expect(await store.setStatus(2, { status: 'planned', note: 'for 1.13' }, { actor: 'Ann Lee', reason: 'asked twice' })).toMatchObject({
        id: 2,
        content: 'two',
        status: 'planned',
        note: 'for 1.13',
        status_by: 'Ann Lee',
        status_at: '2026-11-26T09:00:00.500000Z',
      });
      expect(await store.setStatus(1, { status: 'spam' }, { actor: 'Bo' })).toMatchObject({ status: 'spam', note: null, status_by: 'Bo' });
      expect(await store.setStatus(99, { status: 'done' }, { actor: 'Bo' })).toBeNull();
      expect(await store.version()).not.toBe(before);
      expect((await store.list({ page: 1, perPage: 10, status: 'planned' })).records.map((r) => r.id)).toEqual([2]);
      const listed = await store.list({ page: 1, perPage: 10 });
      await store.close();
      const reopened = await backend.open(clock);
      expect(await reopened.list({ page: 1, perPage: 10 })).toEqual(listed);
      // A status without a note leaves the notes as they are.
      expect(await reopened.setStatus(2, { status: 'done', note: '' }, { actor: 'Ann Lee' })).toMatchObject({ note: 'for 1.13', notes: [{ by: 'Ann Lee', at: '2026-11-26T09:00:00.500000Z', text: 'for 1.13' }] });
      await reopened.close();
    });

    test('the work log lists every status set and every erasure, oldest first, with no text of anyone, across an erasure and a reopen', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('write to me at sam@example.org', { contact: 'sam@example.org' }), ip);
      await store.submit(feedback('two'), ip);
      clock.set('2026-11-26T09:00:00Z');
      await store.setStatus(1, { status: 'triaged', note: 'asked sam@example.org' }, { actor: 'Ada', reason: 'sam@example.org wrote again' });
      clock.set('2026-11-26T09:05:00Z');
      await store.addNote(2, 'A note is the thread’s, not the work log’s.', { actor: 'Bo' });
      await store.setStatus(2, { status: 'done' }, { actor: 'Bo' });
      clock.set('2026-11-26T10:00:00Z');
      await store.erase('sam@example.org', { actor: 'Privacy Desk', reason: 'request from sam@example.org' });
      const expected = [
        { kind: 'status', feedback: [1], status: 'triaged', actor: 'Ada', at: '2026-11-26T09:00:00.000000Z' },
        { kind: 'status', feedback: [2], status: 'done', actor: 'Bo', at: '2026-11-26T09:05:00.000000Z' },
        { kind: 'erasure', feedback: [1], status: null, actor: 'Privacy Desk', at: '2026-11-26T10:00:00.000000Z' },
      ];
      expect(await store.workLog()).toEqual(expected);
      expect(JSON.stringify(await store.workLog())).not.toContain('example.org');
      await store.close();
      const reopened = await backend.open(clock);
      expect(await reopened.workLog()).toEqual(expected);
      await reopened.close();
    });

    test('notes are a thread: each note keeps its author and time; a status set by someone else credits them with none; erasure reaches every note', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('the tray icon vanishes'), ip);
      await store.submit(feedback('another'), ip);
      clock.set('2026-11-26T09:00:00Z');
      expect(await store.addNote(1, 'Asked for logs.', { actor: 'Ada' })).toMatchObject({ status: 'new', status_by: null, note: 'Asked for logs.', notes: [{ by: 'Ada', at: '2026-11-26T09:00:00.000000Z', text: 'Asked for logs.' }] });
      clock.set('2026-11-26T09:05:00Z');
      const seen = (await store.list({ page: 1, perPage: 10 })).records.find((r) => r.id === 1)!;
      expect(await store.setStatus(1, { status: 'triaged', seen }, { actor: 'Carol' })).toMatchObject({ status: 'triaged', status_by: 'Carol', notes: [{ by: 'Ada', text: 'Asked for logs.' }] });
      // A note added meanwhile never makes a status change conflict: it joins the thread.
      const before = (await store.list({ page: 1, perPage: 10 })).records.find((r) => r.id === 1)!;
      clock.set('2026-11-26T09:10:00Z');
      await store.addNote(1, 'Logs came: write to pat@example.org for more.', { actor: 'Dana' });
      expect(await store.setStatus(1, { status: 'planned', note: 'In 1.13.', seen: before }, { actor: 'Carol' })).toMatchObject({ status: 'planned', status_by: 'Carol' });
      // The latest note sent again with a status (an older client's form) is not repeated.
      await store.setStatus(1, { status: 'done', note: 'In 1.13.' }, { actor: 'Ben' });
      expect(await store.addNote(99, 'nowhere', { actor: 'Ada' })).toBeNull();
      const thread = [
        { by: 'Ada', at: '2026-11-26T09:00:00.000000Z', text: 'Asked for logs.' },
        { by: 'Dana', at: '2026-11-26T09:10:00.000000Z', text: 'Logs came: write to pat@example.org for more.' },
        { by: 'Carol', at: '2026-11-26T09:10:00.000000Z', text: 'In 1.13.' },
      ];
      const listed = (await store.list({ page: 1, perPage: 10 })).records;
      expect(listed.map((r) => [r.id, r.status, r.status_by, r.note, r.notes])).toEqual([
        [2, 'new', null, null, []],
        [1, 'done', 'Ben', 'In 1.13.', thread],
      ]);
      await store.close();
      const reopened = await backend.open(clock);
      expect((await reopened.list({ page: 1, perPage: 10 })).records).toEqual(listed);
      expect(await reopened.erase('PAT@example.org', { actor: 'Privacy Desk' })).toEqual({ ids: [1] });
      expect((await reopened.list({ page: 1, perPage: 10 })).records[1]!.notes.map((n) => [n.by, n.text])).toEqual([
        ['Ada', 'Asked for logs.'],
        ['Dana', 'Logs came: write to [erased] for more.'],
        ['Carol', 'In 1.13.'],
      ]);
      if (backend.storedText) expect((await backend.storedText()).toLowerCase()).not.toContain('pat@example.org');
      await reopened.close();
    });

    test('a status change made on what a feedback held is refused once someone changed it, naming what it holds now; concurrent ones, one wins', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('one'), ip);
      const seen = (await store.list({ page: 1, perPage: 10 })).records[0]!;
      clock.set('2026-11-26T09:00:00.5Z');
      const done = await store.setStatus(1, { status: 'done', note: 'shipped in 1.12', seen }, { actor: 'Ann Lee' });
      expect(done).toMatchObject({ status: 'done', note: 'shipped in 1.12' });
      const stale = store.setStatus(1, { status: 'spam', seen }, { actor: 'Bo' });
      await expect(stale).rejects.toMatchObject({ name: 'FeedbackChangedError', current: { status: 'done', note: 'shipped in 1.12', status_by: 'Ann Lee' } });
      expect((await store.list({ page: 1, perPage: 10 })).records[0]).toMatchObject({ status: 'done', note: 'shipped in 1.12' });
      // Made on the status as it is now: taken.
      expect(await store.setStatus(1, { status: 'planned', note: 'shipped in 1.12', seen: done! }, { actor: 'Bo' })).toMatchObject({ status: 'planned', status_by: 'Bo' });
      expect(await store.setStatus(42, { status: 'spam', seen }, { actor: 'Bo' })).toBeNull();
      const now = (await store.list({ page: 1, perPage: 10 })).records[0]!;
      const both = await Promise.allSettled([
        store.setStatus(1, { status: 'triaged', seen: now }, { actor: 'Ann Lee' }),
        store.setStatus(1, { status: 'spam', seen: now }, { actor: 'Bo' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      await store.close();
    });

    test("erasure removes an address from contacts, texts, notes and reasons, any letter case, keeps the rest, and leaves no trace of it in storage", async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('write to Ann@Example.org please', { contact: 'ann@example.org', type: 'bug' }), ip);
      await store.submit(feedback('from someone else', { contact: 'bo@example.org' }), ip);
      await store.setStatus(1, { status: 'triaged', note: 'asked for logs' }, { actor: 'Bo' });
      await store.submit(feedback('again', { contact: 'ANN@example.org', platform: 'linux' }), ip);
      // Staff wrote the address where the submitter never did: a note, and a reason of an earlier status.
      await store.submit(feedback('no address here'), ip);
      await store.setStatus(4, { status: 'planned', note: 'keep' }, { actor: 'Bo', reason: 'ann@example.org asked for it' });
      await store.setStatus(4, { status: 'done', note: 'Replied to ANN@example.org' }, { actor: 'Bo' });
      const version = await store.version();

      expect(await store.erase('ann@EXAMPLE.org', { actor: 'Privacy Desk', reason: 'request 7 from Ann@example.org' })).toEqual({ ids: [1, 3, 4] });
      expect(await store.version()).not.toBe(version);
      const records = (await store.list({ page: 1, perPage: 10 })).records;
      expect(records.map((r) => [r.id, r.contact, r.content, r.note])).toEqual([
        [4, null, 'no address here', 'Replied to [erased]'],
        [3, null, 'again', null],
        [2, 'bo@example.org', 'from someone else', null],
        [1, null, 'write to [erased] please', 'asked for logs'],
      ]);
      expect(records[3]).toMatchObject({ status: 'triaged', type: 'bug' });
      expect(records[0]).toMatchObject({ status: 'done', status_by: 'Bo' });
      expect(records[1]).toMatchObject({ platform: 'linux' });
      expect((await store.stats(clock.nowMicros())).total).toBe(4);
      expect(await store.erase('nobody@example.org', { actor: 'Privacy Desk' })).toEqual({ ids: [] });
      expect((await store.submit(feedback('after'), ip)).id).toBe(5);
      expect(await store.setStatus(5, { status: 'triaged', note: 'still works' }, { actor: 'Bo' })).toMatchObject({ note: 'still works' });
      if (backend.storedText) {
        const stored = (await backend.storedText()).toLowerCase();
        expect(stored).not.toContain('ann@example.org');
        // The reason without the address stays: what was done, and why, remains on record.
        expect(stored).toContain('request 7 from [erased]');
      }
      await store.close();

      const reopened = await backend.open(clock);
      const again = (await reopened.list({ page: 1, perPage: 10 })).records;
      expect(again.map((r) => [r.contact, r.note])).toEqual([[null, 'still works'], [null, 'Replied to [erased]'], [null, null], ['bo@example.org', null], [null, 'asked for logs']]);
      await reopened.close();
    });

    test('erasure finds an address written decomposed, with a mark after it, fullwidth, as %40 or with a zero-width space, and no other', async () => {
      const store = await backend.open(manualClock());
      await store.submit(feedback('from jo\u0308rg@exa\u0308mple.de (macOS)'), ip);
      await store.submit(feedback('pat@example.org\u0301 typed with a dead key'), ip);
      await store.submit(feedback('ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ'), ip);
      await store.submit(feedback('mailto:pat%40example.org'), ip);
      await store.submit(feedback('pa\u200Bt@example.org'), ip);
      await store.submit(feedback('jorg@example.de is someone else'), ip);
      expect(await store.erase('jörg@exämple.de', { actor: 'Privacy Desk' })).toEqual({ ids: [1] });
      expect(await store.erase('PAT@example.org', { actor: 'Privacy Desk' })).toEqual({ ids: [2, 3, 4, 5] });
      expect(await texts(store)).toEqual(['jorg@example.de is someone else', '[erased]', 'mailto:[erased]', '[erased]', '[erased] typed with a dead key', 'from [erased] (macOS)']);
      await store.close();
    });

    const refusals = backend.refusalUnavailable ? test.skip : test;
    if (backend.refusalUnavailable) console.log(`${backend.name}: ${backend.refusalUnavailable}`);
    refusals('storage that refuses: the submission is refused with its cause and not stored; stats still answer; writes resume by themselves', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('kept', { type: 'bug' }), ip);
      const before = await store.stats(clock.nowMicros());
      await store.submit(feedback('also kept', { type: 'question' }), ip); // after the last stats read
      expect(store.health()).toMatchObject({ writable: true, reason: null });

      await backend.refuse();
      // Long enough to need fresh space whatever the log's last page holds.
      const refusal = await store.submit(feedback('refused '.repeat(600).trim()), ip).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StorageUnavailableError);
      expect((refusal as Error).message).not.toBe('');
      expect(store.health()).toMatchObject({ writable: false, reason: expect.any(String), last_fault: { cleared_at: null } });
      // Stats answer every acknowledged submission, none refused.
      expect(await store.stats(clock.nowMicros())).toEqual({
        total: 2,
        by_type: { ...before.by_type, question: 1 },
        by_day: before.by_day.map((day, i) => (i === 29 ? { ...day, count: 2 } : day)),
      });
      if (backend.listsWhileRefusing) expect(await texts(store)).toEqual(['also kept', 'kept']);
      else await expect(store.list({ page: 1, perPage: 10 })).rejects.toBeInstanceOf(StorageUnavailableError);

      await backend.allow();
      await until(() => store.health().writable, 'writable again');
      expect(store.health().last_fault).toMatchObject({ cleared_at: expect.any(String) });
      await store.submit(feedback('after the fault'), ip);
      expect(await texts(store)).toEqual(['after the fault', 'also kept', 'kept']);
      expect((await store.stats(clock.nowMicros())).total).toBe(3);
      await store.close();
      const reopened = await backend.open(clock);
      expect(await texts(reopened)).toEqual(['after the fault', 'also kept', 'kept']);
      await reopened.close();
    });
  });
}
