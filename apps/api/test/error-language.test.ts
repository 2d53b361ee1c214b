import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

// The error catalogue in the client's language, over HTTP on the shipped content (translated into
// German, French and Spanish): the API, the /errors pages, and writes after a translated read.

const TOKEN = 'language-test-token';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: `${TOKEN}=errors:write` });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => call(server.url + path, { headers });
const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(server.url + path, { headers: { accept: 'text/html', ...headers } });
  return { headers: res.headers, body: await res.text() };
};

describe('catalogue entries in the client\'s language', () => {
  it('answers an entry in the language lang= names, saying so, and in English without one', async () => {
    const german = await get('/api/tunnel/errors/AUTH2002?lang=de');
    expect(expectEnvelope(german.body, false)).toMatchObject({
      Flag: 'AUTH2002',
      lang: 'de',
      Info: expect.stringContaining('Zugriffstoken ist abgelaufen'),
      category: 'auth',
      severity: 'high',
    });
    expect(german.body.data.Solution).toHaveLength(3);
    expect(german.body.data.messages[0]).toBe('Das Zugriffstoken ist abgelaufen');
    expect(german.headers.get('content-language')).toBe('de');
    expect(german.headers.get('vary')).toMatch(/Accept-Language/);

    const english = await get('/api/tunnel/errors/AUTH2002');
    expect(expectEnvelope(english.body, false)).not.toHaveProperty('lang');
    expect(english.body.data.Info).toMatch(/^The access token has passed its expiry date/);
    expect(english.headers.get('content-language')).toBe('en');
    expect(english.headers.get('etag')).not.toBe(german.headers.get('etag'));
  });

  it('negotiates Accept-Language, lang= winning, and falls back to English for a language without translations', async () => {
    expect(expectEnvelope((await get('/api/tunnel/errors/TLS4002', { 'accept-language': 'fr-CA, en;q=0.5' })).body, false)).toMatchObject({ lang: 'fr', Info: expect.stringContaining('auto-signé') });
    expect(expectEnvelope((await get('/api/tunnel/errors/TLS4002?lang=es', { 'accept-language': 'fr' })).body, false)).toMatchObject({ lang: 'es', Info: expect.stringContaining('autofirmado') });
    const italian = await get('/api/tunnel/errors/TLS4002', { 'accept-language': 'it' });
    expect(expectEnvelope(italian.body, false)).not.toHaveProperty('lang');
    expect(italian.headers.get('content-language')).toBe('en');
    expectError(await get('/api/tunnel/errors/TLS4002?lang=!!'), 400, 'BAD_PARAMETER');
  });

  it('lists every entry in the language, each saying it', async () => {
    const res = await get('/api/tunnel/errors?lang=es');
    const data = expectEnvelope(res.body, true);
    expect(data.find((e: { Flag: string }) => e.Flag === 'NET3004')).toMatchObject({ lang: 'es', Info: expect.stringContaining('latidos') });
    expect(res.headers.get('content-language')).toBe('es');
  });

  it('searches in any language, showing hits in the client\'s and saying which language matched', async () => {
    const res = await get(`/api/tunnel/errors/search?q=${encodeURIComponent('el túnel se desconecta cada vez que cambio de red wifi')}&lang=es`);
    const [hit] = expectEnvelope(res.body, true);
    expect(hit).toMatchObject({ Flag: 'NET3004', lang: 'es', matched_language: 'es', page: '/errors/NET3004' });
    expect(res.headers.get('content-language')).toMatch(/^es/);

    const german = expectEnvelope((await get(`/api/tunnel/errors/search?q=${encodeURIComponent('Zu viele offene Dateien')}`)).body, true);
    expect(german[0]).toMatchObject({ Flag: 'LOCAL6003', matched_language: 'de' });
    expect(german[0]).not.toHaveProperty('lang');
    const code = expectEnvelope((await get('/api/tunnel/errors/search?q=TLS4OO2')).body, true);
    expect(code[0]).toMatchObject({ Flag: 'TLS4002', matched_language: null });
  });

  it('shows an entry\'s page and the search page in the client\'s language', async () => {
    const entry = await page('/errors/AUTH2003', { 'accept-language': 'de' });
    expect(entry.headers.get('content-type')).toMatch(/text\/html/);
    expect(entry.headers.get('content-language')).toBe('de');
    expect(entry.headers.get('vary')).toMatch(/Accept-Language/);
    expect(entry.body).toContain('<html lang="de">');
    expect(entry.body).toContain('<article class="error-entry">');
    expect(entry.body).toContain('Zeitsynchronisierung');
    expect((await page('/errors/AUTH2003')).body).toContain('Turn on automatic time synchronisation');
    const results = await page(`/errors?q=${encodeURIComponent("l'heure de mon ordinateur est décalée")}&lang=fr`);
    expect(results.body).toMatch(/<html lang="fr">/);
    expect(results.body).toMatch(/<li class="result">[\s\S]*AUTH2003/);
    expect(results.body).toContain('<p class="matched" lang="fr">Trouvé:');
    // On an English page, the hit found through its French text says so.
    const english = await page(`/errors?q=${encodeURIComponent("l'heure de mon ordinateur est décalée")}`);
    expect(english.body).toContain('<p class="matched" lang="en">Matched (in French):');
  });

  it.each([
    ['de', { heading: 'Fehlerreferenz', button: 'Suchen', placeholder: 'Zugriffstoken ist abgelaufen', category: 'Netzwerk', whatToDo: 'Was zu tun ist', crumb: 'Fehler', severity: 'Mittel', noMatch: 'Kein Fehler passt zu „zzzqqq“' }],
    ['fr', { heading: 'Référence des erreurs', button: 'Rechercher', placeholder: 'jeton d’accès expiré', category: 'Réseau', whatToDo: 'Que faire', crumb: 'Erreurs', severity: 'Moyenne', noMatch: 'Aucune erreur ne correspond à « zzzqqq »' }],
    ['es', { heading: 'Referencia de errores', button: 'Buscar', placeholder: 'el token de acceso ha caducado', category: 'Red', whatToDo: 'Qué hacer', crumb: 'Errores', severity: 'Media', noMatch: 'Ningún error coincide con «zzzqqq»' }],
  ])('sets the pages\' headings, labels, buttons and search box in %s', async (lang, words) => {
    const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const list = await page('/errors', { 'accept-language': `${lang};q=0.9, en;q=0.5` });
    expect(list.headers.get('content-language')).toBe(lang);
    expect(list.body).toContain(`<html lang="${lang}">`);
    expect(list.body).toContain(`<h1>${escaped(words.heading)}</h1>`);
    expect(list.body).toContain(`placeholder="${escaped(words.placeholder)}"`);
    expect(list.body).toContain(`<button type="submit">${escaped(words.button)}</button>`);
    expect(list.body).toContain(`<h2>${escaped(words.category)}</h2>`);
    // The site's own header stays English, and says so.
    expect(list.body).toContain('<header class="site" lang="en">');
    // A search asked with lang= keeps it in its form.
    const asked = await page(`/errors?lang=${lang}&q=zzzqqq`);
    expect(asked.body).toContain(`<input type="hidden" name="lang" value="${lang}">`);
    expect(asked.body).toContain(escaped(words.noMatch));
    const entry = await page(`/errors/PORT1001?lang=${lang}`);
    expect(entry.body).toContain(`<h2>${escaped(words.whatToDo)}</h2>`);
    expect(entry.body).toContain(`<a href="/errors">${escaped(words.crumb)}</a>`);
    expect(entry.body).toContain(`<span class="severity severity-medium">${escaped(words.severity)}</span>`);
    expect(entry.body).toContain('<article class="error-entry">');
  });

  it('keeps the English chrome, and no lang attributes, without a language', async () => {
    const list = await page('/errors');
    expect(list.body).toContain('<html lang="en">');
    expect(list.body).toContain('<h1>Error reference</h1>');
    expect(list.body).toContain('<header class="site"><span class="brand">');
    expect(list.body).not.toContain('name="lang"');
    const italian = await page('/errors/PORT1001', { 'accept-language': 'it' });
    expect(italian.body).toContain('<h2>What to do</h2>');
    expect(italian.body).toContain('<html lang="en">');
  });

  it('takes the ETag of a translated read in If-Match', async () => {
    const read = await get('/api/tunnel/errors/CFG8002?lang=fr');
    const res = await call(`${server.url}/api/tunnel/errors/CFG8002`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'if-match': read.headers.get('etag')! },
      body: JSON.stringify({ severity: 'low' }),
    });
    expect(res.status).toBe(200);
    const stale = await call(`${server.url}/api/tunnel/errors/CFG8002`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'if-match': read.headers.get('etag')! },
      body: JSON.stringify({ severity: 'high' }),
    });
    expectError(stale, 412, 'PRECONDITION_FAILED');
  });
});
