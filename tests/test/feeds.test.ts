import { parseFeed } from '@rowanmanning/feed-parser';
import { renderMarkdown } from '@companion/content';
import { get, useApiOnContentCopy } from './support/service';

// Every feed read back by a real feed parser (RSS and Atom) or as JSON Feed, entry by entry,
// against what the API answers as JSON. The copy carries a notice and a release whose text holds
// markup characters and a CDATA end, which must read back as written.
const HOSTILE = 'Use <port> & <img src=x onerror=alert(2)> ]]> then';
const service = useApiOnContentCopy(async (content) => {
  await content.write('notices/90-hostile-text.md', `---\nid: 90\nactive: true\ndate: 2026-01-05\npriority: 1\nsummary: "${HOSTILE}"\ntype: notice\n---\nBody.\n`);
  await content.write('changelog/stable/1.11.3.yaml', `version: 1.11.3\ndate: 2026-10-02\ndescription: "${HOSTILE}"\nchanges:\n  - A fix.\n`);
  await content.write('changelog/preview/1.12.0-rc.2.yaml', `version: 1.12.0-rc.2\ndate: 2026-10-03\ndescription: "${HOSTILE}"\nchanges:\n  - A fix.\n`);
});

interface Expected {
  title: string;
  link: string;
  date: string;
  html: string | ReturnType<typeof expect.stringMatching>;
  summary: string;
}

/**
 * A text field as a strict reader takes it from the XML: CDATA and XML escapes undone, then, for
 * fields that hold HTML (Atom `type="html"`, RSS `title` and `description` as readers treat them),
 * read as HTML. Text that reads back as written holds no markup at that point.
 */
function strictText(xml: string, element: string, index: number): string {
  const found = [...xml.matchAll(new RegExp(`<${element}(?: type="(\\w+)")?>([\\s\\S]*?)</${element}>`, 'g'))][index];
  if (!found) throw new Error(`no ${index}th <${element}>`);
  const xmlValue = found[2]!.replace(/<!\[CDATA\[([\s\S]*?)\]\]>|&(lt|gt|amp|quot|apos);/g, (_m, cdata: string | undefined, name: string) => cdata ?? { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name]!);
  if (found[1] === 'text') return xmlValue;
  expect([element, xmlValue]).toEqual([element, expect.not.stringMatching(/<[a-z!/]/i)]);
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return xmlValue.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (_m, dec?: string, hex?: string, name?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : named[name!]!,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const releasesHtml = (changes: string[]) => renderMarkdown(changes.map((change) => `- ${change.replace(/\n/g, ' ')}`).join('\n'));

async function expectedEntries(subject: string): Promise<Expected[]> {
  const base = service.api.url;
  if (subject === 'notices') {
    const { body } = await get(`${base}/api/notice`);
    return body.data.map((n: any) => ({
      title: n.summary,
      link: `${base}/notices/${n.id}`,
      date: n.starts_at ? new Date(n.starts_at).toISOString() : `${n.date}T00:00:00.000Z`,
      // A notice announcing an event shows its window first, linked to the event's calendar file.
      html: n.event_starts_at
        ? expect.stringMatching(new RegExp(`^<p class="event">[\\s\\S]*?href="${escapeRegExp(base)}/api/notice/${n.id}/event\\.ics"[\\s\\S]*?</p>${escapeRegExp(renderMarkdown(n.content))}$`))
        : renderMarkdown(n.content),
      summary: n.summary,
    }));
  }
  const preview = subject === 'changelog-preview';
  const { body } = await get(`${base}/api/changelog${preview ? '/preview' : ''}`);
  return Object.entries<any>(body.data).map(([version, r]) => ({
    title: `${version}: ${r.description}`,
    link: `${base}/changelog/${preview ? 'preview' : 'stable'}/${version}`,
    date: `${r.date}T00:00:00.000Z`,
    html: releasesHtml(r.changes),
    summary: r.description,
  }));
}

describe.each(['changelog', 'changelog-preview', 'notices'])('the %s feed', (subject) => {
  it.each(['rss', 'atom'])('round-trips every entry through a feed parser (%s)', async (format) => {
    const expected = await expectedEntries(subject);
    expect(expected.length).toBeGreaterThan(0);
    const res = await get(`${service.api.url}/feeds/${subject}.${format}`, '*/*');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`application/${format}+xml; charset=utf-8`);
    const feed = parseFeed(res.text);
    const entries = feed.items.map((item) => ({
      title: item.title,
      link: item.url,
      date: (item.published ?? item.updated)?.toISOString(),
      html: item.content,
      summary: item.description,
    }));
    expect(entries).toEqual(expected);
  });

  it.each([
    ['rss', 'description'],
    ['atom', 'summary'],
  ])('carries text with <, & and ]]> so that a strict reader shows it as written (%s)', async (format, summaryElement) => {
    const expected = await expectedEntries(subject);
    expect(expected.map((e) => e.summary)).toContain(HOSTILE);
    const { text } = await get(`${service.api.url}/feeds/${subject}.${format}`, '*/*');
    // The feed's own title comes first; each entry has one title and one summary after it.
    expect(expected.map((_e, i) => strictText(text, 'title', i + 1))).toEqual(expected.map((e) => e.title));
    expect(expected.map((_e, i) => strictText(text, summaryElement, i + (format === 'rss' ? 1 : 0)))).toEqual(expected.map((e) => e.summary));
  });

  it('round-trips every entry as JSON Feed 1.1', async () => {
    const expected = await expectedEntries(subject);
    const res = await get(`${service.api.url}/feeds/${subject}.json`, '*/*');
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(res.text);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${service.api.url}/feeds/${subject}.json`);
    expect(feed.items.map((item: any) => ({ title: item.title, link: item.url, date: item.date_modified, html: item.content_html, summary: item.summary }))).toEqual(expected);
  });

  it('links each entry to its page, and keeps the JSON address as the entry id readers already hold', async () => {
    const feed = JSON.parse((await get(`${service.api.url}/feeds/${subject}.json`, '*/*')).text);
    expect(feed.home_page_url).toBe(`${service.api.url}${subject === 'notices' ? '/notices' : subject === 'changelog' ? '/changelog/stable' : '/changelog/preview'}`);
    for (const item of feed.items) {
      expect(item.id).toBe(item.url.replace(/\/notices\//, '/api/notice/').replace(/\/changelog\/stable\//, '/api/changelog/').replace(/\/changelog\/preview\//, '/api/changelog/preview/'));
      const page = await get(item.url, 'text/html');
      expect([item.url, page.status, page.headers.get('content-type')]).toEqual([item.url, 200, 'text/html; charset=utf-8']);
      expect(page.text).toContain(`<h1>`);
    }
  });

  it('revalidates with its ETag', async () => {
    const first = await fetch(`${service.api.url}/feeds/${subject}.atom`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetch(`${service.api.url}/feeds/${subject}.atom`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('feed discovery', () => {
  it('lists every feed in the service index', async () => {
    const { body } = await get(`${service.api.url}/api`);
    const routes = [...Object.keys(body.endpoints.changelog), ...Object.keys(body.endpoints.notices)];
    for (const subject of ['changelog', 'changelog-preview', 'notices']) {
      for (const format of ['rss', 'atom', 'json']) expect(routes).toContain(`GET /feeds/${subject}.${format}`);
    }
  });

  it('names the feeds with <link rel="alternate"> on the HTML pages', async () => {
    for (const page of ['/elements', '/codename/neon', '/docs', '/notices', '/notices/3', '/changelog', '/changelog/preview/1.12.0-beta.1']) {
      const { text } = await get(service.api.url + page, 'text/html');
      for (const [format, type] of [['rss', 'application/rss+xml'], ['atom', 'application/atom+xml'], ['json', 'application/feed+json']]) {
        expect([page, text]).toEqual([page, expect.stringContaining(`<link rel="alternate" type="${type}" title="Stable releases (`)]);
        expect(text).toContain(`href="/feeds/notices.${format}"`);
      }
    }
  });

  it('renders Markdown in entries as sanitized HTML', async () => {
    const { text } = await get(`${service.api.url}/feeds/notices.json`, '*/*');
    const html = JSON.parse(text).items.map((item: any) => item.content_html).join('\n');
    expect(html).toMatch(/<(p|strong|ul|h1|h2)>/);
    expect(html).not.toMatch(/<script|javascript:/i);
  });
});

describe('downloads', () => {
  it('puts a release\'s first build in its RSS <enclosure> and every build in its JSON Feed attachments', async () => {
    const rss = parseFeed((await get(`${service.api.url}/feeds/changelog.rss`, '*/*')).text);
    const latest = rss.items.find((item) => item.title?.startsWith('1.11.2:'))!;
    expect(latest.media).toEqual([expect.objectContaining({ url: 'https://downloads.tunnel-companion.example/1.11.2/TunnelCompanion-1.11.2-windows-x64.exe', length: 81920, mimeType: 'application/octet-stream' })]);
    expect(rss.items.find((item) => item.title?.startsWith('1.10.0:'))!.media).toEqual([]);
    const json = JSON.parse((await get(`${service.api.url}/feeds/changelog.json`, '*/*')).text);
    const item = json.items.find((i: any) => i.title.startsWith('1.11.2:'));
    expect(item.attachments.map((a: any) => a.title)).toEqual(['windows-x64', 'windows-arm64', 'macos-arm64', 'macos-x64', 'linux-x64']);
    expect(item.attachments[2]).toEqual({ url: 'https://downloads.tunnel-companion.example/1.11.2/TunnelCompanion-1.11.2-macos-arm64.zip', mime_type: 'application/octet-stream', title: 'macos-arm64', size_in_bytes: 81920 });
    expect(json.items.find((i: any) => i.title.startsWith('1.10.0:')).attachments).toBeUndefined();
  });

  it('shows the downloads on the release page, per platform with size and SHA-512', async () => {
    const release = (await get(`${service.api.url}/api/changelog/1.11.2`)).body.data;
    const page = (await get(`${service.api.url}/changelog/stable/1.11.2`, 'text/html')).text;
    expect(page).toContain('<h2 id="downloads-title">Downloads</h2>');
    expect(page).toMatch(/<a href="https:\/\/downloads\.tunnel-companion\.example\/1\.11\.2\/TunnelCompanion-1\.11\.2-macos-arm64\.zip" download>macOS \(Apple silicon\)<\/a><\/th><td>80 KiB<\/td><td><code class="checksum">[0-9a-f]{128}<\/code> <span class="signed">signed<\/span>/);
    expect(release.version).toBe('1.11.2');
    expect((await get(`${service.api.url}/changelog/stable/1.10.0`, 'text/html')).text).not.toContain('Downloads');
  });
});
