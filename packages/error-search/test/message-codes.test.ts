import type { ErrorEntry } from '@companion/schema';
import { ErrorSearch, type SearchSource } from '../src/index';

const entry = (Flag: string, Info: string, messages: string[]): ErrorEntry => ({
  Flag, Info, Solution: ['Restart the tunnel.'], messages, category: 'general', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null,
});
const CATALOGUE = [
  entry('LOCAL6003', 'The client reached the limit of open files.', ['too many open files', 'EMFILE']),
  entry('NET3001', 'The relay refused the connection.', ['connect: connection refused', 'ECONNREFUSED']),
  entry('LOCAL6001', 'The local service refused the connection; nothing listens on the local port.', ['ECONNREFUSED']),
  entry('QUOTA7002', 'Too many people: viele Leute kommen, wenn immer mehr Besucher kommen.', []),
];
let generation = 0;
const source = (entries: ErrorEntry[]): SearchSource => ({ generation: ++generation, errorChanges: null, errors: new Map(entries.map((e) => [e.Flag, e])) });
const flags = (search: ErrorSearch, from: SearchSource, q: string) => search.search(from, { q, limit: 3 }).map((hit) => hit.entry.Flag);

describe("a code the entries' messages hold", () => {
  const search = new ErrorSearch();
  const catalogue = source(CATALOGUE);

  it('puts its entry first wherever it stands in a sentence of any language, in any letter case', () => {
    expect(flags(search, catalogue, 'Bei mir kommt immer EMFILE wenn viele Leute kommen')[0]).toBe('LOCAL6003');
    expect(flags(search, catalogue, "j'ai emfile dès qu'il y a beaucoup de monde")[0]).toBe('LOCAL6003');
  });

  it('orders the entries sharing one code by the rest of the query', () => {
    expect(flags(search, catalogue, 'ECONNREFUSED from the local service on my port').slice(0, 2)).toEqual(['LOCAL6001', 'NET3001']);
    expect(flags(search, catalogue, 'ECONNREFUSED when the client dials the relay').slice(0, 2)).toEqual(['NET3001', 'LOCAL6001']);
  });

  it('follows the entries: a code no message holds any more finds nothing by itself', () => {
    const changed = source([CATALOGUE[0]!, { ...CATALOGUE[1]!, messages: ['connect: connection refused'] }, CATALOGUE[2]!, CATALOGUE[3]!]);
    expect(flags(search, changed, 'ECONNREFUSED, wenn viele Leute kommen')[0]).toBe('LOCAL6001');
    expect(flags(search, source([CATALOGUE[1]!, CATALOGUE[3]!]), 'EMFILE wenn viele Leute kommen')).toEqual(['QUOTA7002']);
  });
});
