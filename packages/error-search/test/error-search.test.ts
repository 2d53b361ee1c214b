import { ErrorSearch, type SearchHit, type SearchSource } from '../src/index';
import type { ErrorEntry } from '@companion/schema';

const entry = (Flag: string, Info: string, Solution: string[] = ['Restart the tunnel.'], more: Partial<ErrorEntry> = {}): ErrorEntry => ({
  Flag, Info, Solution, messages: [], category: 'general', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null, ...more,
});

let generation = 0;
const snapshotOf = (entries: ErrorEntry[], errorChanges: SearchSource['errorChanges'] = null): SearchSource => ({
  generation: ++generation,
  errorChanges,
  errors: new Map(entries.sort((a, b) => (a.Flag < b.Flag ? -1 : 1)).map((e) => [e.Flag, e])),
});

const CATALOGUE = [
  entry('PORT1001', 'The local port is already in use by another program.'),
  entry('PORT1002', 'The local port is reserved by the operating system.', ['Pick another local_port.'], { severity: 'low' }),
  entry('TLS3001', 'The server certificate has expired.', ['Renew the certificate.'], { category: 'tls', severity: 'high' }),
  entry('TLS3002', 'The certificate chain is incomplete.', ['Install the intermediate certificate.'], { category: 'tls' }),
  entry('NET4001', 'DNS lookup failed for the relay host; check the tls settings.', ['Check the resolver.'], { category: 'network' }),
  entry('SPORT5001', 'A sports flag that merely contains PORT.'),
];

const flags = (hits: SearchHit[]) => hits.map((hit) => hit.entry.Flag);

describe('ErrorSearch', () => {
  const search = new ErrorSearch();
  const snapshot = snapshotOf([...CATALOGUE]);
  const find = (q: string, more: { category?: string; severity?: ErrorEntry['severity']; limit?: number } = {}) => flags(search.search(snapshot, { q, limit: 20, ...more }));

  it('ranks the exact Flag first, then Flags with the prefix, then text matches', () => {
    expect(find('port1002')[0]).toBe('PORT1002');
    expect(find('tls')).toEqual(['TLS3001', 'TLS3002', 'NET4001']);
    expect(find('port').slice(0, 2)).toEqual(['PORT1001', 'PORT1002']);
  });

  it('finds a code inside text, spelt another way, or with one typo in its letters or number', () => {
    expect(find('getting error TLS3002 while connecting')[0]).toBe('TLS3002');
    for (const q of ['tls 3002', 'tls-3002', '#tls_3002', 'E-TLS3002']) expect(find(q)[0]).toBe('TLS3002');
    expect(find('TSL3002')[0]).toBe('TLS3002');
    expect(find('PRT1001')[0]).toBe('PORT1001');
    expect(find('PORT1010')[0]).toBe('PORT1001');
    expect(find('3002')).toEqual(['TLS3002']);
  });

  it('finds words by their forms, by prefix, and with a typo or two letters swapped', () => {
    expect(find('certif')).toEqual(expect.arrayContaining(['TLS3001', 'TLS3002']));
    expect(find('certficate')).toEqual(expect.arrayContaining(['TLS3001', 'TLS3002']));
    expect(find('expird')[0]).toBe('TLS3001');
    expect(find('expiry')[0]).toBe('TLS3001');
    expect(find('cetrificate expried')[0]).toBe('TLS3001');
    expect(find('zebra')).toEqual([]);
  });

  it('ranks entries holding more of the words first, and still answers when one word is nowhere', () => {
    expect(find('certificate expired')[0]).toBe('TLS3001');
    expect(find('certificate expired')).toEqual(expect.arrayContaining(['TLS3002']));
    expect(find('expired zebra')).toEqual(['TLS3001']);
  });

  it('filters exactly by category and severity and stops at the limit', () => {
    expect(find('', { category: 'tls' })).toEqual(['TLS3001', 'TLS3002']);
    expect(find('certificate', { severity: 'high' })).toEqual(['TLS3001']);
    expect(find('', { severity: 'low' })).toEqual(['PORT1002']);
    expect(find('', { limit: 2 })).toEqual(['NET4001', 'PORT1001']);
    expect(find('', { category: 'nothing' })).toEqual([]);
  });
});

describe('ErrorSearch over what customers paste', () => {
  const search = new ErrorSearch();
  const snapshot = snapshotOf([
    entry('PORT1001', 'The client could not listen on a local port because another program uses it.', ['Find the program with `lsof -i :8080`.'], { messages: ['bind: address already in use'] }),
    entry('PORT1002', 'Ports below 1024 need administrator rights.', ['Run with `sudo` or pick a port above 1024.'], { messages: ['bind: permission denied'] }),
    entry('CFG8004', 'The address in tunnel.toml is not a valid address; the address field is in use for the old format.'),
    entry('TLS4002', 'The certificate was issued by an authority the client does not know.', ['Add the company CA.'], { messages: ['x509: certificate signed by unknown authority'] }),
    entry('AUTH2001', 'The authtoken in the configuration is not valid.', ['Copy the authtoken from the dashboard again.']),
    entry('NET3004', 'A NAT device drops idle connections after the computer slept.', ['Lower the heartbeat interval.']),
  ]);
  const hits = (q: string) => search.search(snapshot, { q, limit: 5 });
  const find = (q: string) => flags(hits(q));

  it('finds the entry of a pasted log line by its message, whatever the addresses, times and ids around it', () => {
    expect(find('listen tcp 127.0.0.1:8080: bind: address already in use')[0]).toBe('PORT1001');
    expect(find('2026-03-14T09:12:44.118Z ERROR [9f8e7d6c5b4a] visitor failed: listen tcp [::1]:5432: bind: address already in use')[0]).toBe('PORT1001');
    // The noise alone finds nothing: an address, a time and an id are not words of any entry.
    expect(find('2026-03-14T09:12:44.118Z 192.0.2.10 9f8e7d6c5b4a 550e8400-e29b-41d4-a716-446655440000')).toEqual([]);
  });

  it('splits on punctuation and camel case, so inline code and Rust error kinds are words', () => {
    expect(find('lsof')).toEqual(['PORT1001']);
    expect(find('sudo')).toEqual(['PORT1002']);
    expect(find('invalid peer certificate: UnknownAuthority')[0]).toBe('TLS4002');
  });

  it('matches other forms of a word, the very word first', () => {
    expect(find('connection dropped while idle')[0]).toBe('NET3004');
    expect(hits('dropped')[0]!.matched).toEqual(['drops']);
  });

  it('matches two words written as one and one word written as two', () => {
    expect(find('auth token not valid')[0]).toBe('AUTH2001');
  });

  it('says which words of each entry matched, as they appear in its text', () => {
    const [first] = hits('address already in use');
    expect(first!.entry.Flag).toBe('PORT1001');
    expect(first!.matched).toEqual(expect.arrayContaining(['address', 'already', 'use', 'uses']));
    expect(hits('expiry')).toEqual([]);
    expect(hits('TLS4002')[0]!.matched).toEqual(['tls4002']);
  });
});

describe('ErrorSearch following snapshots', () => {
  const reference = (source: SearchSource, q: string) => flags(new ErrorSearch().search(source, { q, limit: 100 }));
  const queries = ['port', 'tls', 'certificate', 'reserved', 'resolver', 'moved', 'port1001', ''];

  const FILLER = Array.from({ length: 20 }, (_, i) => entry(`FILL${100 + i}`, `Filler entry ${i} about ports.`));

  it('patches the Flags a snapshot names as changed since the one it was built from', () => {
    const search = new ErrorSearch();
    const first = snapshotOf([...CATALOGUE, ...FILLER]);
    search.search(first, { q: '', limit: 1 });
    const entries = [...CATALOGUE, ...FILLER].filter((e) => e.Flag !== 'TLS3002').map((e) => (e.Flag === 'PORT1001' ? entry('PORT1001', 'The port moved elsewhere.') : e));
    const second = snapshotOf([...entries, entry('DNS6001', 'The resolver moved.')], { since: first.generation, flags: ['PORT1001', 'TLS3002', 'DNS6001'] });
    for (const q of queries) expect(flags(search.search(second, { q, limit: 100 }))).toEqual(reference(second, q));
    expect(search.stats()).toMatchObject({ generation: second.generation, entries: 26, lastSync: { kind: 'patch', flags: 3 } });
  });

  it('finds what changed by entry identity when a snapshot does not say', () => {
    const search = new ErrorSearch();
    const entries = Array.from({ length: 40 }, (_, i) => entry(`GEN${1000 + i}`, `Generated entry number ${i}.`));
    search.search(snapshotOf([...entries]), { q: '', limit: 1 });
    entries[3] = entry('GEN1003', 'Generated entry now about certificates.');
    entries.splice(7, 1);
    const next = snapshotOf([...entries]);
    for (const q of ['certificates', 'generated', 'gen1007', 'gen10']) expect(flags(search.search(next, { q, limit: 100 }))).toEqual(reference(next, q));
    expect(search.stats().lastSync).toEqual({ kind: 'patch', flags: 2 });
  });

  it('builds anew when most entries changed or the snapshot it knows is not the one named', () => {
    const search = new ErrorSearch();
    const first = snapshotOf([...CATALOGUE]);
    search.search(first, { q: '', limit: 1 });
    const fresh = snapshotOf(CATALOGUE.map((e) => ({ ...e })), { since: first.generation - 1, flags: [] });
    expect(flags(search.search(fresh, { q: 'certificate', limit: 100 }))).toEqual(reference(fresh, 'certificate'));
    expect(search.stats().lastSync).toEqual({ kind: 'build', flags: CATALOGUE.length });
  });
});

describe('ErrorSearch with words most entries hold', () => {
  // 1,200 entries all holding "wordzilla": common, so it is scored only for entries other words found.
  const entries = Array.from({ length: 1200 }, (_, i) => entry(`COM${10000 + i}`, `Common wordzilla appears here with marker${i}.`));
  const snapshot = snapshotOf([...entries]);
  const search = new ErrorSearch();
  const find = (q: string, limit = 20) => flags(search.search(snapshot, { q, limit }));

  it('answers a common word, its typo and its prefix with entries that hold it, in Flag order', () => {
    for (const q of ['wordzilla', 'wordzila', 'wordzi']) expect(find(q)).toEqual(entries.slice(0, 20).map((e) => e.Flag));
  });

  it('ranks by the rare word, the common one adding to the score of what it found', () => {
    expect(find('marker5 wordzilla', 3)).toEqual(['COM10005', 'COM10000', 'COM10001']);
    // The last word is also a prefix: marker5 finds marker50-marker59 and marker500-... too, after it.
    const [first, ...next] = search.search(snapshot, { q: 'wordzilla marker5', limit: 3 });
    expect(first!.entry.Flag).toBe('COM10005');
    for (const hit of next) expect(hit.entry.Info).toMatch(/marker5\d+\./);
  });
});

describe('ErrorSearch with a prefix matching many words of many entries', () => {
  // 450 entries each holding the 24 words alphaa-alphax: a last word `alpha` matches 24 words in
  // 10,800 places, more than the first pass reads for words matched by prefix.
  const letters = 'abcdefghijklmnopqrstuvwx';
  const entries = Array.from({ length: 450 }, (_, i) => entry(`PRE${10000 + i}`, `${[...letters].map((c) => `alpha${c}`).join(' ')}${i === 7 ? ' needle' : ''}.`));
  const snapshot = snapshotOf([...entries]);
  const search = new ErrorSearch();

  it('still ranks first the entry holding the whole word, then entries holding the prefix', () => {
    const hits = search.search(snapshot, { q: 'needle alpha', limit: 20 });
    expect(hits).toHaveLength(20);
    expect(hits[0]!.entry.Flag).toBe('PRE10007');
    expect(hits[0]!.matched).toContain('needle');
    for (const hit of hits.slice(1)) expect(hit.matched.some((word) => word.startsWith('alpha'))).toBe(true);
  });
});
