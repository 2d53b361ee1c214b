import { get, useApiOnContentCopy } from './support/service';

// The reading pages in the reader's language: lang= wins, then Accept-Language (de-AT falls back
// to de), then the original; the page says its language, and its JSON twin answers the same.
const GERMAN_NOTICE = `---
id: 10
date: 2026-11-17
summary: Der Support antwortet über die Feiertage langsamer.
---
# Support über die Feiertage

Anfragen beantworten wir innerhalb von **zwei Werktagen**.
`;
const GERMAN_ACTIVE_NOTICE = `---
id: 6
date: 2026-09-01
summary: Aktualisieren Sie auf 1.11.1, wenn Sie das Relay über einen HTTP-Proxy erreichen.
---
# Relay-Hostname hinter HTTP-Proxys nicht geprüft
`;
const GERMAN_RELEASE = `version: 1.11.2
date: 2026-10-01
description: Wartungsversion
changes:
  - Behebt offene Dateideskriptoren beim TLS-Handshake.
  - Behebt PROXY-Protokoll-v2-Kopfzeilen für IPv6-Besucher.
  - Behebt eine falsche Meldung von \`tunnel doctor\` zu Port 7000.
  - Aktualisierte CA-Zertifikate und QUIC-Bibliothek.
`;

const service = useApiOnContentCopy(async (content) => {
  await content.write('notices/10-holiday-support-hours.de.md', GERMAN_NOTICE);
  await content.write('notices/6-rotate-tokens-proxy-hostname.de.md', GERMAN_ACTIVE_NOTICE);
  await content.write('changelog/stable/1.11.2.de.yaml', GERMAN_RELEASE);
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(service.api.url + path, { headers: { Accept: 'text/html', ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('a notice page in the reader language', () => {
  it.each([
    ['lang=de', '/notices/10?lang=de', {}],
    ['Accept-Language: de', '/notices/10', { 'Accept-Language': 'de' }],
    ['Accept-Language: de-AT with qualities', '/notices/10', { 'Accept-Language': 'fr;q=0.3, de-AT;q=0.9, en;q=0.5' }],
  ])('is German for %s', async (_name, path, headers) => {
    const res = await page(path, headers);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('<h1>Der Support antwortet über die Feiertage langsamer.</h1>');
    expect(res.text).toContain('<h2>Support über die Feiertage</h2>');
    expect(res.headers.get('content-language')).toBe('de');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('stays in the original where lang= asks for English or no translation exists', async () => {
    const english = await page('/notices/10?lang=en', { 'Accept-Language': 'de' });
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).not.toContain('Feiertage');
    const untranslated = await page('/notices/2', { 'Accept-Language': 'de' });
    expect(untranslated.text).toContain('<html lang="en">');
    expect(untranslated.headers.get('content-language')).toBe('en');
  });

  it('keeps one ETag per language, each revalidating', async () => {
    const [de, en] = await Promise.all([page('/notices/10', { 'Accept-Language': 'de' }), page('/notices/10')]);
    expect(de.headers.get('etag')).not.toBe(en.headers.get('etag'));
    const again = await fetch(`${service.api.url}/notices/10`, { headers: { Accept: 'text/html', 'Accept-Language': 'de', 'If-None-Match': de.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers its JSON twin in the same language', async () => {
    const [twin, api] = await Promise.all([get(`${service.api.url}/notices/10?lang=de`), get(`${service.api.url}/api/notice/10?lang=de`)]);
    expect({ ...twin.body, timestamp: 0 }).toEqual({ ...api.body, timestamp: 0 });
    expect(twin.body.data.lang).toBe('de');
  });
});

describe('the lists in the reader language', () => {
  it('shows translated notices in German and marks the others as English', async () => {
    const res = await page('/notices', { 'Accept-Language': 'de' });
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('<article class="notice" id="notice-6">');
    expect(res.text).toContain('Aktualisieren Sie auf 1.11.1');
    expect(res.text).toMatch(/<article class="notice" id="notice-\d+" lang="en">/);
    expect(res.headers.get('content-language')).toBe('de, en');
  });

  it('shows a release and the changelog in German', async () => {
    const release = await page('/changelog/stable/1.11.2?lang=de');
    expect(release.text).toContain('<html lang="de">');
    expect(release.text).toContain('<p class="lead">Wartungsversion</p>');
    expect(release.text).toContain('<code>tunnel doctor</code>');
    const list = await page('/changelog', { 'Accept-Language': 'de-DE' });
    expect(list.text).toContain('<article class="release" id="v1.11.2">');
    expect(list.text).toContain('<article class="release" id="v1.11.1" lang="en">');
  });

  it('refuses a malformed lang= with a 400 page', async () => {
    const res = await page('/notices?lang=%3Cscript%3E');
    expect([res.status, res.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
  });
});
