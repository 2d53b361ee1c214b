import { ErrorSearch, type SearchSource } from '../src/index';
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

const flags = (hits: ErrorEntry[]) => hits.map((e) => e.Flag);

describe('ErrorSearch', () => {
  const search = new ErrorSearch();
  const snapshot = snapshotOf([...CATALOGUE]);
  const find = (q: string, more: { category?: string; severity?: ErrorEntry['severity']; limit?: number } = {}) => flags(search.search(snapshot, { q, limit: 20, ...more }));

  it('ranks the exact Flag first, then Flags with the prefix, then text matches', () => {
    expect(find('port1002')[0]).toBe('PORT1002');
    expect(find('tls')).toEqual(['TLS3001', 'TLS3002', 'NET4001']);
    expect(find('port').slice(0, 2)).toEqual(['PORT1001', 'PORT1002']);
  });

  it('finds words by prefix and with a typo, and a Flag by its number', () => {
    expect(find('certif')).toEqual(expect.arrayContaining(['TLS3001', 'TLS3002']));
    expect(find('certficate')).toEqual(expect.arrayContaining(['TLS3001', 'TLS3002']));
    expect(find('expird')).toEqual(['TLS3001']);
    expect(find('3002')).toEqual(['TLS3002']);
    expect(find('zebra')).toEqual([]);
  });

  it('requires every word of the query', () => {
    expect(find('certificate expired')).toEqual(['TLS3001']);
  });

  it('filters exactly by category and severity and stops at the limit', () => {
    expect(find('', { category: 'tls' })).toEqual(['TLS3001', 'TLS3002']);
    expect(find('certificate', { severity: 'high' })).toEqual(['TLS3001']);
    expect(find('', { severity: 'low' })).toEqual(['PORT1002']);
    expect(find('', { limit: 2 })).toEqual(['NET4001', 'PORT1001']);
    expect(find('', { category: 'nothing' })).toEqual([]);
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
  // 1,200 entries all holding "wordzilla": common, so it filters instead of being scored.
  const entries = Array.from({ length: 1200 }, (_, i) => entry(`COM${10000 + i}`, `Common wordzilla appears here with marker${i}.`));
  const snapshot = snapshotOf([...entries]);
  const search = new ErrorSearch();
  const find = (q: string, limit = 20) => search.search(snapshot, { q, limit });

  it('answers a common word, its typo and its prefix with entries that hold it, in Flag order', () => {
    for (const q of ['wordzilla', 'wordzila', 'wordzi']) {
      const hits = find(q);
      expect(flags(hits)).toEqual(entries.slice(0, 20).map((e) => e.Flag));
    }
  });

  it('ranks by the rare word and filters by the common one', () => {
    const hits = find('wordzilla marker5', 100);
    expect(hits[0]!.Flag).toBe('COM10005');
    for (const hit of hits) expect(hit.Info).toMatch(/marker5\d*\./);
    expect(flags(find('wordzilla marker77777'))).toEqual([]);
  });
});
