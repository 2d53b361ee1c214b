import { normaliseQuery } from '../src';

describe('a query as it is counted', () => {
  it.each([
    ['vpn fails for ｐａｔ＠ｅｘａｍｐｌｅ．ｃｏｍ today', 'vpn fails for today'],
    ['mailto:pat%40example.org bounced', 'mailto bounced'],
    ['jörg@exämple.de cannot connect', 'cannot connect'],
    ['jo\u0308rg@exa\u0308mple.de cannot connect', 'cannot connect'],
    ['pa\u200Bt@example.org AUTH2001', 'auth2001'],
    ['Pat@Example.org', ''],
  ])('holds no address: %s', (q, counted) => {
    expect(normaliseQuery(q)).toBe(counted);
  });

  it('keeps words around an @ that is no address, and accents', () => {
    expect(normaliseQuery('Fehler @ Start: Verbindung überprüfen')).toBe('fehler start verbindung überprüfen');
  });
});
