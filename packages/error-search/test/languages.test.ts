import { ErrorSearch, type EntryTranslation, type SearchSource } from '../src/index';
import type { ErrorEntry } from '@companion/schema';
import { separableVerbs } from '../src/german-verbs';

const entry = (Flag: string, Info: string, more: Partial<ErrorEntry> = {}): ErrorEntry => ({
  Flag, Info, Solution: ['Restart the tunnel.'], messages: [], category: 'general', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null, ...more,
});
const translation = (lang: string, Info: string, more: Partial<EntryTranslation> = {}): EntryTranslation => ({ lang, Info, Solution: ['…'], messages: [], notes: null, ...more });

const CATALOGUE = [
  entry('AUTH2002', 'The access token has passed its expiry date.', { Solution: ['Create a new token.'] }),
  entry('AUTH2003', 'The relay refused the login because the time on this computer differs from the relay\'s.', { notes: 'Common on virtual machines resumed from a snapshot.' }),
  entry('NET3004', 'The relay missed three heartbeats, so the client is reconnecting. The network changed or the computer slept.', { Solution: ['If you are on hotel Wi-Fi, wait.'] }),
  entry('NET3006', 'The client tried IPv6 but this network has no route; set it to auto.'),
  entry('TLS4002', 'The certificate is signed by an authority this computer does not trust, such as a self-signed certificate.'),
  entry('TLS4004', 'The certificate presented does not match the host name the client connected to.'),
  entry('QUOTA7001', 'Your workspace used all its bandwidth; tunnels under 64 KB/s until the quota resets.'),
];

const TRANSLATIONS = new Map<string, Map<string, EntryTranslation>>([
  ['AUTH2002', new Map([['de', translation('de', 'Das Zugriffstoken ist abgelaufen.')], ['es', translation('es', 'El token de acceso ha caducado.')]])],
  ['NET3004', new Map([['es', translation('es', 'El relé perdió tres latidos; la red cambió y el cliente se está reconectando.')]])],
  ['TLS4002', new Map([['fr', translation('fr', 'Le certificat est signé par une autorité inconnue, comme un certificat auto-signé.')]])],
  ['QUOTA7001', new Map([['de', translation('de', 'Das Datenvolumen ist aufgebraucht.', { messages: ['Datenvolumen für diesen Monat aufgebraucht'] })]])],
]);

let generation = 0;
const sourceOf = (entries: ErrorEntry[], translations: SearchSource['errorTranslations'] = TRANSLATIONS, errorChanges: SearchSource['errorChanges'] = null): SearchSource => ({
  generation: ++generation,
  errorChanges,
  errors: new Map(entries.sort((a, b) => (a.Flag < b.Flag ? -1 : 1)).map((e) => [e.Flag, e])),
  errorTranslations: translations,
});

describe('search in the languages of the translations', () => {
  const search = new ErrorSearch();
  const source = sourceOf([...CATALOGUE]);
  const find = (q: string) => search.search(source, { q, limit: 10 });
  const flags = (q: string) => find(q).map((hit) => hit.entry.Flag);

  it('finds an entry through its translation, saying which language matched and which words', () => {
    const [hit] = find('Zugriffstoken ist abgelaufen');
    expect(hit).toMatchObject({ entry: { Flag: 'AUTH2002' }, language: 'de', matched: expect.arrayContaining(['zugriffstoken', 'abgelaufen']) });
    expect(find('el token caducó')[0]).toMatchObject({ entry: { Flag: 'AUTH2002' }, language: 'es' });
    expect(find('certificat auto-signé')[0]).toMatchObject({ entry: { Flag: 'TLS4002' }, language: 'fr' });
    expect(find('access token expired')[0]).toMatchObject({ entry: { Flag: 'AUTH2002' }, language: 'en' });
  });

  it('matches word forms by each language\'s stemmer, with or without accents', () => {
    expect(flags('token caducado')[0]).toBe('AUTH2002');
    expect(flags('la red cambio y se reconecta')[0]).toBe('NET3004');
    expect(flags('certificat signe autorite inconnue')[0]).toBe('TLS4002');
  });

  it('reads German written without umlauts (ue, oe, ae) as the umlauts, and leaves a vowel before ue alone', () => {
    const spelled = sourceOf([entry('AUTH2001', 'The relay rejected the access token.'), entry('LOCAL6003', 'The client cannot accept more connections.')], new Map([
      ['AUTH2001', new Map([['de', translation('de', 'Der Zugriffsschlüssel ist ungültig; ändern Sie ihn.')]])],
      ['LOCAL6003', new Map([['de', translation('de', 'Der Client nimmt keine neuen Verbindungen an.')]])],
    ]));
    const spelledFlags = (q: string) => search.search(spelled, { q, limit: 10 }).map((hit) => hit.entry.Flag);
    expect(spelledFlags('Zugriffsschluessel ungueltig')[0]).toBe('AUTH2001');
    expect(spelledFlags('Schluessel aendern')[0]).toBe('AUTH2001');
    expect(spelledFlags('keine neuen Verbindungen')[0]).toBe('LOCAL6003');
  });

  it('reads a German verb in any of its forms as one: split (bricht ... ab), whole, a participle, an adjective, a vowel change', () => {
    const verbs = sourceOf([
      entry('NET3005', 'The relay closed the connection.'),
      entry('PROXY5002', 'The proxy refused the CONNECT request.'),
      entry('AUTH2002', 'The access token has passed its expiry date.'),
      entry('CFG8001', 'The configuration file is not valid.'),
    ], new Map([
      ['NET3005', new Map([['de', translation('de', 'Das Relay hat die Verbindung unerwartet abgebrochen.')]])],
      ['PROXY5002', new Map([['de', translation('de', 'Der Proxy hat die Verbindung nicht durchgelassen.')]])],
      ['AUTH2002', new Map([['de', translation('de', 'Das Zugriffstoken läuft nach einem Jahr ab; legen Sie ein neues an.')]])],
      ['CFG8001', new Map([['de', translation('de', 'Die Konfiguration ist ungültig, der Client hält beim Start an.')]])],
    ]));
    const verbFlags = (q: string) => search.search(verbs, { q, limit: 10 }).map((hit) => hit.entry.Flag);
    // A main clause writes the particle last: `bricht ... ab` is `abbrechen`, as `abgebrochen` is.
    expect(verbFlags('plötzlich bricht die Verbindung ab')[0]).toBe('NET3005');
    expect(verbFlags('die Verbindung brach ab')[0]).toBe('NET3005');
    expect(verbFlags('weil die Verbindung abbricht')[0]).toBe('NET3005');
    // A strong verb's vowel and a spelt-out umlaut: `lässt`, `laesst`, `durchgelassen`.
    expect(verbFlags('der Proxy laesst meine Verbindung nicht durch')[0]).toBe('PROXY5002');
    // The entry writes the verb apart, the query as a participle and as an adjective.
    expect(verbFlags('Zugriffstoken abgelaufen')[0]).toBe('AUTH2002');
    expect(verbFlags('abgelaufenes Zugriffstoken')[0]).toBe('AUTH2002');
    // `ab` alone is no verb, and a particle joins its verb only where it ends the clause.
    expect(verbFlags('ab und zu')).toEqual([]);
    expect(separableVerbs('Ich fahre mit dem Auto')).toEqual([]);
    expect(separableVerbs('Ich fahre mit, aber er geht weg und die Verbindung bricht ab.').map((joined) => joined.word)).toEqual(['mitfahre', 'weggeht', 'abbricht']);
    // A form two verbs share (`fällt`: fallen, fällen) joins all the same; a particle spelt with the verb (`zu` + `erkennt`) too.
    expect(separableVerbs('Der Tunnel fällt aus')).toEqual([{ word: 'ausfällt', verb: 'fällt' }]);
    expect(separableVerbs('Das Amt erkennt ihm das Recht zu').map((joined) => joined.verb)).toEqual(['erkennt']);
  });

  it('keeps a noun spelt like a verb form with its own other forms (Log, Logs), and still finds the verb', () => {
    const nouns = sourceOf([
      entry('LOCAL6001', 'The local service refused the connection.'),
      entry('NET3005', 'The relay closed the connection.'),
    ], new Map([
      ['LOCAL6001', new Map([['de', translation('de', 'Im Log des Backends steht, dass der lokale Dienst nicht läuft.')]])],
      ['NET3005', new Map([['de', translation('de', 'Der Tunnel ist ausgefallen; das Relay lag unter Wartung.')]])],
    ]));
    const nounFlags = (q: string) => search.search(nouns, { q, limit: 10 }).map((hit) => hit.entry.Flag);
    // `Log` is also a form of `lügen`, `Backend` one of `backen`: each still meets its plural.
    expect(nounFlags('Logs')).toEqual(['LOCAL6001']);
    expect(nounFlags('Backend')).toEqual(['LOCAL6001']);
    // `fällt ... aus` meets `ausgefallen`.
    expect(nounFlags('mein Tunnel fällt dauernd aus')[0]).toBe('NET3005');
    // Umlauts written decomposed (u and a combining diaeresis), as some systems paste them.
    expect(nounFlags('es fa\u0308llt aus')).toEqual(['NET3005']);
  });

  it('finds a German compound from its part, and a part from the compound', () => {
    expect(flags('Token abgelaufen')[0]).toBe('AUTH2002');
    expect(flags('Monatsdatenvolumen')).toContain('QUOTA7001');
  });

  it('leaves out the stop words of the language a query is written in, in every language', () => {
    // `und` never matches `under`, `no` never the English no, `ci` (mois-ci) never CI.
    expect(flags('und')).toEqual([]);
    expect(flags('Zugriffstoken und')[0]).toBe('AUTH2002');
    expect(flags('Zugriffstoken und').includes('QUOTA7001')).toBe(false);
    expect(flags('el relé no responde')).not.toContain('NET3006');
    expect(flags('pour ce mois-ci')).toEqual([]);
  });

  it('finds the English text through a word written with its accents or as one word', () => {
    expect(flags('el túnel se desconecta cuando cambio de red wifi')[0]).toBe('NET3004');
  });

  it('finds a translated message pasted whole', () => {
    expect(flags('Fehler: Datenvolumen für diesen Monat aufgebraucht (Tunnel web)')[0]).toBe('QUOTA7001');
  });

  it('searches the notes', () => {
    expect(flags('snapshot')).toEqual(['AUTH2003']);
  });

  it('reads a code typed with letters for lookalike digits', () => {
    expect(find('TLS4OO2')[0]).toMatchObject({ entry: { Flag: 'TLS4002' }, language: null });
    expect(flags('error AUTH2OO3 at login')[0]).toBe('AUTH2003');
  });

  it('understands the phrases support engineers use and short words mistyped', () => {
    expect(flags('clock skew')[0]).toBe('AUTH2003');
    expect(flags('hostname mismatch')[0]).toBe('TLS4004');
    expect(flags('tokn expird')[0]).toBe('AUTH2002');
  });

  it('follows translations as they change, by the identity of each Flag\'s map', () => {
    const changing = new ErrorSearch();
    const first = sourceOf([...CATALOGUE]);
    changing.sync(first);
    expect(changing.search(first, { q: 'Wärmeleitpaste', limit: 5 })).toEqual([]);
    const next = new Map(TRANSLATIONS);
    next.set('NET3006', new Map([['de', translation('de', 'Die Wärmeleitpaste ist ausgetrocknet.')]]));
    const second = { ...first, generation: ++generation, errorChanges: { since: first.generation, flags: [] }, errorTranslations: next };
    expect(changing.search(second, { q: 'Wärmeleitpaste', limit: 5 }).map((h) => h.entry.Flag)).toEqual(['NET3006']);
    expect(changing.stats().lastSync).toEqual({ kind: 'patch', flags: 1 });
    const without = new Map(next);
    without.delete('NET3006');
    const third = { ...second, generation: ++generation, errorChanges: { since: second.generation, flags: [] }, errorTranslations: without };
    expect(changing.search(third, { q: 'Wärmeleitpaste', limit: 5 })).toEqual([]);
  });
});
