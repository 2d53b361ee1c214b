import type { ErrorEntry, SearchConcept } from '@companion/schema';
import { ErrorSearch, type SearchSource } from '../src/index';
import { ConceptMatcher } from '../src/concepts';

const entry = (Flag: string, Info: string): ErrorEntry => ({
  Flag, Info, Solution: ['Restart the tunnel.'], messages: [], category: 'general', severity: 'medium', creator: null, notes: null, created_at: null, updated_at: null,
});
const concept = (name: string, means: string[], said: Partial<Record<'en' | 'de' | 'fr' | 'es', string[]>>): SearchConcept => ({ concept: name, means, en: [], de: [], fr: [], es: [], ...said });

const SLEPT = concept('computer-slept', ['computer slept', 'heartbeats'], { en: ['close the lid', 'hibernate'], de: ['Deckel zuklappen', 'mehr Tunnel'], es: ['tapa'] });
const CATALOGUE = [
  entry('NET3004', 'The relay missed three heartbeats in a row, usually because the computer slept.'),
  entry('QUOTA7002', 'The relay refused to open another tunnel: the plan allows no more running at the same time.'),
];

let generation = 0;
const source = (searchConcepts: SearchConcept[]): SearchSource => ({ generation: ++generation, errorChanges: null, errors: new Map(CATALOGUE.map((e) => [e.Flag, e])), searchConcepts });
const first = (search: ErrorSearch, from: SearchSource, q: string) => search.search(from, { q, limit: 5 })[0]?.entry.Flag;

describe('the concept map', () => {
  it("finds a saying's words in any order within a few words, by their forms, in English and the query's language", () => {
    const matcher = new ConceptMatcher([SLEPT]);
    expect(matcher.meansIn(['i', 'closed', 'my', 'laptop', 'lid'], null)).toEqual([SLEPT.means]);
    expect(matcher.meansIn(['lid', 'is', 'closed'], null)).toEqual([SLEPT.means]);
    expect(matcher.meansIn(['closed', 'the', 'app', 'restarted', 'the', 'router', 'updated', 'windows', 'looked', 'at', 'the', 'lid'], null)).toEqual([]);
    expect(matcher.meansIn(['wenn', 'ich', 'den', 'deckel', 'zuklappe'], 'de')).toEqual([SLEPT.means]);
    // A Spanish saying is not read in a query in German.
    expect(matcher.meansIn(['die', 'tapa'], 'de')).toEqual([]);
    expect(matcher.meansIn(['la', 'tapa'], 'es')).toEqual([SLEPT.means]);
  });

  it('reads a German compound no saying holds as its last part (its head), not its first', () => {
    const matcher = new ConceptMatcher([SLEPT]);
    expect(matcher.meansIn(['wenn', 'ich', 'den', 'laptopdeckel', 'zuklappe'], 'de')).toEqual([SLEPT.means]);
    expect(matcher.meansIn(['wenn', 'ich', 'den', 'deckelknopf', 'zuklappe'], 'de')).toEqual([]);
  });

  it("holds a saying that its language's stop words reduce to one word or none by all its words, in its order; one stop word alone is left out", () => {
    const matcher = new ConceptMatcher([SLEPT]);
    expect(matcher.meansIn(['tunnel'], 'de')).toEqual([]);
    expect(matcher.meansIn(['ich', 'brauche', 'mehr', 'tunnel'], 'de')).toEqual([SLEPT.means]);
    expect(matcher.meansIn(['ich', 'brauche', 'mehr', 'als', 'einen', 'tunnel'], 'de')).toEqual([SLEPT.means]);
    expect(matcher.meansIn(['der', 'tunnel', 'geht', 'nicht', 'mehr'], 'de')).toEqual([]);
    const stopWordsOnly = new ConceptMatcher([concept('again', ['rate limiting'], { en: ['over and over', 'again'] })]);
    expect(stopWordsOnly.meansIn(['it', 'restarts', 'over', 'and', 'over'], null)).toEqual([['rate limiting']]);
    expect(stopWordsOnly.meansIn(['over', 'the', 'weekend', 'and', 'again'], null)).toEqual([]);
  });

  it("ranks the entry holding the catalogue's words for what the query describes", () => {
    const search = new ErrorSearch();
    const q = 'every time I close the lid the tunnel has to start again';
    expect(first(search, source([]), q)).toBe('QUOTA7002');
    expect(first(search, source([SLEPT]), q)).toBe('NET3004');
  });

  it('follows the map it is handed, search after search', () => {
    const search = new ErrorSearch();
    const withMap = source([SLEPT]);
    expect(first(search, withMap, 'tunnel gone after hibernate')).toBe('NET3004');
    expect(first(search, { ...withMap, generation: ++generation, searchConcepts: [] }, 'tunnel gone after hibernate')).toBe('QUOTA7002');
  });
});
