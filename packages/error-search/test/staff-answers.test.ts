import type { ErrorEntry } from '@companion/schema';
import { ErrorSearch, type SearchSource } from '../src/index';

const entry = (Flag: string, Info: string): ErrorEntry => ({
  Flag, Info, Solution: ['Restart the tunnel.'], messages: [], category: 'general', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null,
});
const source: SearchSource = {
  generation: 1,
  errorChanges: null,
  errors: new Map([
    ['NET3004', entry('NET3004', 'The relay missed three heartbeats in a row: the computer slept or the network changed.')],
    ['QUOTA7002', entry('QUOTA7002', 'The relay refused to open another tunnel in the office at the same time.')],
  ]),
};
const first = (search: ErrorSearch, q: string) => search.search(source, { q, limit: 3 })[0]?.entry.Flag;

describe('answers staff marked', () => {
  it('find the entry for the words of the query it answered, in that language, from the next search on, and no more once taken back', () => {
    const search = new ErrorSearch();
    expect(first(search, 'Tunnel bricht im Büro nach dem Zuklappen ab')).toBe('QUOTA7002');
    search.setStaffAnswers(new Map([['NET3004', new Map([['de', ['tunnel bricht nach dem zuklappen im büro ab']]])]]));
    expect(first(search, 'Tunnel bricht im Büro nach dem Zuklappen ab')).toBe('NET3004');
    // Marked in German: read with the German stemmer (zuklappen, Zuklappens), and the hit says so.
    expect(search.search(source, { q: 'beim Zuklappens', limit: 3 }).map((hit) => [hit.entry.Flag, hit.language])).toEqual([['NET3004', 'de']]);
    search.setStaffAnswers(new Map());
    expect(first(search, 'Tunnel bricht im Büro nach dem Zuklappen ab')).toBe('QUOTA7002');
    expect(search.search(source, { q: 'beim Zuklappens', limit: 3 })).toEqual([]);
  });
});
