import { ContentStore, load } from '../src/index';
import { copyOfShippedContent, SHIPPED_CONTENT } from './tree';

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
beforeEach(async () => {
  tree = await copyOfShippedContent();
});
afterEach(() => tree.cleanup());

const FILE = 'search/concepts.yaml';
const concepts = (body: string) => `concepts:\n${body}`;

describe('search/concepts.yaml', () => {
  it('loads the shipped concept map with every language', async () => {
    const { snapshot, issues } = await load(SHIPPED_CONTENT);
    expect(issues).toEqual([]);
    expect(snapshot.searchConcepts.length).toBeGreaterThan(10);
    for (const lang of ['en', 'de', 'fr', 'es'] as const) expect(snapshot.searchConcepts.every((c) => c[lang].length > 0)).toBe(true);
  });

  it('reports a field of the wrong type at its line and column, and serves no concepts from the file', async () => {
    await tree.write(FILE, concepts('  - concept: slept\n    means: [computer slept]\n    en: [lid, 407]\n'));
    const { snapshot, issues } = await load(tree.dir);
    expect(issues).toEqual([expect.objectContaining({ file: FILE, line: 4, column: 15, code: 'SCHEMA_INVALID' })]);
    expect(snapshot.searchConcepts).toEqual([]);
  });

  it('reports a concept named twice and a saying listed twice in one language, where the second is written', async () => {
    await tree.write(FILE, concepts('  - concept: slept\n    means: [computer slept]\n    en: [lid]\n    de: [Deckel]\n  - concept: slept\n    means: [heartbeats]\n    en: [standby, Lid]\n'));
    const { issues } = await load(tree.dir);
    expect(issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.code}`)).toEqual([`${FILE}:6:14 DUPLICATE_CONCEPT`, `${FILE}:8:19 DUPLICATE_CONCEPT`]);
    expect(issues[1]!.message).toContain('found it already under slept');
  });

  it("reports a saying that is one stop word of its language, which search would never match, and keeps a phrase of them", async () => {
    await tree.write(FILE, concepts('  - concept: at-work\n    means: [firewalls only allow web]\n    en: [office, over and over]\n    es: [oficina, trabajo, en el trabajo]\n    fr: [bureau, pour]\n'));
    const { issues, snapshot } = await load(tree.dir);
    expect(issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.code}`)).toEqual([`${FILE}:5:19 SAYING_IS_STOP_WORD`, `${FILE}:6:18 SAYING_IS_STOP_WORD`]);
    expect(issues[0]!.message).toBe('es saying "trabajo": expected a word search reads; found one it leaves out of every es query (a stop word, from @orama/stopwords and packages/error-search/src/languages.ts, or a single letter), so the saying would never be matched: write it within a phrase ("trabajo ...")');
    // The file is not served: the concepts it replaces stay until it is mended.
    expect(snapshot.searchConcepts).toEqual([]);
  });

  it('is read again when it changes, keeping its identity while it does not', async () => {
    await tree.write(FILE, concepts('  - concept: slept\n    means: [computer slept]\n    en: [lid]\n'));
    const store = await ContentStore.open(tree.dir);
    try {
      const reloaded: Promise<void>[] = [];
      let resolve = () => {};
      reloaded.push(new Promise<void>((r) => (resolve = r)));
      await store.watch({ onReload: () => resolve() });
      const before = store.current().searchConcepts;
      expect(before.map((c) => c.concept)).toEqual(['slept']);
      await tree.write('notices/900-test.md', '---\nid: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: A test notice\ntype: notice\n---\nBody.\n');
      await reloaded[0];
      expect(store.current().searchConcepts).toBe(before);
      const again = new Promise<void>((r) => (resolve = r));
      await tree.write(FILE, concepts('  - concept: slept\n    means: [computer slept]\n    en: [lid, hibernate]\n'));
      await again;
      expect(store.current().searchConcepts[0]!.en).toEqual(['lid', 'hibernate']);
    } finally {
      await store.close();
    }
  });
});
