import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ContentStore } from '@companion/content';
import { systemClock } from '@companion/schema';
import { createPreviewApp } from '../src/app';
import { LiveUpdates } from '../src/live-updates';

const SHIPPED_CONTENT = resolve(import.meta.dirname, '../../../content');
const NOTICE = 'notices/6-rotate-tokens-proxy-hostname.md';

let dir: string;
let store: ContentStore;
let updates: LiveUpdates;
let server: Server;
let url: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preview-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  store = await ContentStore.open(dir);
  updates = new LiveUpdates(() => store.current().loadedAt);
  await store.watch({ debounceMs: 50, onReload: () => updates.publish() });
  server = createPreviewApp({ content: store, clock: systemClock, updates, contentDir: dir }).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  updates.close();
  await new Promise((done) => server.close(done));
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** Reads server-sent events from /events, one `{ event, data }` at a time. */
async function openEvents(signal: AbortSignal) {
  const res = await fetch(`${url}/events`, { signal });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return async function next(): Promise<{ event?: string; data?: string }> {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith(':')) continue; // keep-alive comment
        return Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream ended');
      buffered += value;
    }
  };
}

/** The page body after the events that follow, once it contains `text` (two saves may be two reloads). */
async function bodyOnceItShows(next: () => Promise<{ data?: string }>, text: string): Promise<string> {
  for (;;) {
    await next();
    const html = await (await fetch(`${url}/body`)).text();
    if (html.includes(text)) return html;
  }
}

const replaceInFile = async (file: string, from: string | RegExp, to: string) =>
  writeFile(join(dir, file), (await readFile(join(dir, file), 'utf8')).replace(from, to));

describe('the preview page', () => {
  it('lists notices with type, priority, state and window, rendered Markdown beside the API JSON, and releases', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/); // no inline script
    const snapshot = store.current();
    for (const notice of snapshot.notices) expect(html).toContain(`id="notice-${notice.id}"`);
    expect(html).toContain('GET /api/notice/8 → data');
    expect(html).toMatch(/window 2026-11-16T09:00:00Z → 2026-12-06T03:00:00Z<\/span><span>event 2026-12-06T01:00:00Z → 2026-12-06T03:00:00Z/);
    expect(html).toContain('<h1>Relay hostname not verified behind HTTP proxies</h1>');
    expect(html).toContain('&#34;priority&#34;: 950');
    // The API JSON beside each notice carries its window, as the API answers it.
    expect(html).toContain('&#34;event_starts_at&#34;: &#34;2026-12-06T01:00:00.000000Z&#34;');
    expect(html).toContain('&#34;expires_at&#34;: null');
    for (const release of [...snapshot.stable, ...snapshot.preview]) expect(html).toContain(`id="release-${release.version}"`);
    expect(html).toMatch(/<li>New config format v2 \(<code>version = 2<\/code>/);
  });

  it('shows a notice\'s translations beside it as they are saved, and a translation that disagrees as a problem', async () => {
    const abort = new AbortController();
    const next = await openEvents(abort.signal);
    await next();
    const translation = '---\nid: 6\ndate: 2026-09-01\nsummary: Auf 1.11.1 aktualisieren\n---\n# Hostname der Relays nicht geprüft\n\nBitte **aktualisieren**.\n';
    await writeFile(join(dir, 'notices/6-rotate-tokens-proxy-hostname.de.md'), translation);
    await writeFile(join(dir, 'notices/6-rotate-tokens-proxy-hostname.fr.md'), translation.replace('date: 2026-09-01', 'date: 2026-09-02').replace('Auf 1.11.1', 'Mettre à jour vers 1.11.1'));
    const html = await bodyOnceItShows(next, 'TRANSLATION_MISMATCH');
    const card = html.slice(html.indexOf('id="notice-6"'), html.indexOf('</article>', html.indexOf('id="notice-6"')));
    expect(card).toContain('Translations (1)');
    expect(card).toContain('<section class="translation" lang="de">');
    expect(card).toContain('GET /api/notice/6?lang=de');
    expect(card).toContain('<h4>Auf 1.11.1 aktualisieren</h4>');
    expect(card).toContain('<h1>Hostname der Relays nicht geprüft</h1>');
    expect(card).toContain('<span class="audience">every client</span>');
    // The French file disagrees on the date: not served, its problem in the list with file:line:col.
    expect(html).toContain('notices/6-rotate-tokens-proxy-hostname.fr.md:3:7');
    expect(card).not.toContain('Mettre à jour');
    abort.abort();
  });

  it('serves its script and stylesheet as files', async () => {
    const js = await fetch(`${url}/assets/preview.js`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain("new EventSource('/events')");
    expect((await fetch(`${url}/assets/preview.css`)).headers.get('content-type')).toMatch(/text\/css/);
    expect((await fetch(`${url}/assets/nope.js`)).status).toBe(404);
  });

  it('announces a save over server-sent events, and /body shows it', async () => {
    const abort = new AbortController();
    const next = await openEvents(abort.signal);
    const first = await next();
    expect(first).toMatchObject({ event: 'content', data: String(store.current().loadedAt) });

    await replaceInFile(NOTICE, /^summary: .*$/m, 'summary: Edited in the preview test');
    const event = await next();
    expect(event.event).toBe('content');
    expect(event.data).not.toBe(first.data);

    const body = await fetch(`${url}/body`);
    expect(body.headers.get('x-loaded-at')).toBe(event.data);
    expect(await body.text()).toContain('<h3>Edited in the preview test</h3>');
    abort.abort();
  });

  it('shows problems with file:line:col next to the item and in the global list, keeping the last good version', async () => {
    const abort = new AbortController();
    const next = await openEvents(abort.signal);
    await next();
    await replaceInFile(NOTICE, 'priority: 950', 'priority: high');
    await writeFile(join(dir, 'notices/77-draft.md'), '---\nid: 77\n---\nDraft\n');
    const html = await bodyOnceItShows(next, 'notices/77-draft.md');
    expect(html).toMatch(/<strong>\d+ problems<\/strong>/);
    const card = html.slice(html.indexOf('id="notice-6"'), html.indexOf('</article>', html.indexOf('id="notice-6"')));
    expect(card).toContain('the last good version is shown');
    expect(card).toContain(`<code class="at">${NOTICE}:5:11</code>`);
    expect(card).toContain('&#34;priority&#34;: 950');
    expect(html).toMatch(/class="card notice broken" id="[^"]+" data-file="notices\/77-draft.md"/);
    expect(html.indexOf(`${NOTICE}:5:11`)).toBeLessThan(html.indexOf('id="notices"')); // the global list first

    await replaceInFile(NOTICE, 'priority: high', 'priority: 950');
    await rm(join(dir, 'notices/77-draft.md'));
    expect(await bodyOnceItShows(next, 'All content is valid.')).not.toContain('77-draft');
    abort.abort();
  });

  it('serves a release with a folded list item as written, under a warning', async () => {
    const abort = new AbortController();
    const next = await openEvents(abort.signal);
    await next();
    const file = 'changelog/stable/1.4.0.yaml';
    await replaceInFile(file, /\n  - The tray window/, '\n   - The tray window');
    const html = await bodyOnceItShows(next, 'FOLDED_LIST_ITEM');
    const card = html.slice(html.indexOf('id="release-1.4.0"'), html.indexOf('</article>', html.indexOf('id="release-1.4.0"')));
    expect(card).toContain('This file has a warning; it is served as shown.');
    expect(card).toMatch(/three missed heartbeats instead of waiting for TCP to time out\. - The tray window/);
    abort.abort();
  });
});
