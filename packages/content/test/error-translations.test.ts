import { load } from '../src/index';
import { copyOfShippedContent, storeOverShippedContent } from './tree';

// Translations of catalogue entries (`errors/<Flag>.<lang>.yaml`), on a copy of the shipped
// content: served when they match their original, each mistake reported on the file that made it,
// at the field's line and column. Italian: no shipped entry is translated into it.

const port1001It = (extra = '', steps = 4) =>
  `Flag: PORT1001\nInfo: Il client non è riuscito ad ascoltare su una porta locale.\nSolution:\n${Array.from({ length: steps }, (_, i) => `  - Passo ${i + 1}.\n`).join('')}messages:\n  - "bind: indirizzo già in uso"\n${extra}`;

describe('translations of catalogue entries', () => {
  let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
  beforeEach(async () => {
    tree = await copyOfShippedContent();
  });
  afterEach(() => tree.cleanup());

  it('serves a translation that matches its original, beside the entry', async () => {
    await tree.write('errors/PORT1001.it.yaml', port1001It('notes: Succede spesso dopo un aggiornamento.\n'));
    const { issues, snapshot } = await load(tree.dir);
    expect(issues).toEqual([]);
    expect(snapshot.errors.get('PORT1001')?.Info).toMatch(/^The client could not listen/);
    expect(snapshot.errors.has('PORT1001.it')).toBe(false);
    expect(snapshot.errorTranslations.get('PORT1001')?.get('it')).toMatchObject({
      Flag: 'PORT1001',
      lang: 'it',
      Info: 'Il client non è riuscito ad ascoltare su una porta locale.',
      Solution: ['Passo 1.', 'Passo 2.', 'Passo 3.', 'Passo 4.'],
      messages: ['bind: indirizzo già in uso'],
      notes: 'Succede spesso dopo un aggiornamento.',
      file: 'errors/PORT1001.it.yaml',
    });
  });

  it('reports a field that cannot be translated, a step count that differs, a missing original and a wrong Flag, each where it is', async () => {
    await tree.write('errors/PORT1001.it.yaml', port1001It('severity: high\n'));
    await tree.write('errors/TLS4002.it.yaml', port1001It('', 2).replace('PORT1001', 'TLS4002'));
    await tree.write('errors/NOPE9999.it.yaml', port1001It().replace('PORT1001', 'NOPE9999'));
    await tree.write('errors/NET3004.it.yaml', port1001It().replace('PORT1001', 'NET3005'));
    await tree.write('errors/NET3002.xx.yaml', port1001It().replace('PORT1001', 'NET3002'));
    const { issues, snapshot } = await load(tree.dir);
    const mine = issues.filter((i) => i.file.endsWith('.it.yaml') || i.file.endsWith('.xx.yaml'));
    expect(mine).toEqual([
      expect.objectContaining({ file: 'errors/NET3002.xx.yaml', line: 1, column: 1, code: 'UNKNOWN_LANGUAGE' }),
      expect.objectContaining({ file: 'errors/NET3004.it.yaml', line: 1, column: 7, code: 'FILE_NAME_MISMATCH', message: expect.stringContaining('expected "NET3004"') }),
      expect.objectContaining({ file: 'errors/NOPE9999.it.yaml', line: 1, column: 7, code: 'TRANSLATION_WITHOUT_ORIGINAL', message: expect.stringContaining('errors/NOPE9999.yaml') }),
      expect.objectContaining({ file: 'errors/PORT1001.it.yaml', line: 10, column: 1, code: 'SCHEMA_INVALID', message: expect.stringContaining('unknown field "severity"') }),
      expect.objectContaining({ file: 'errors/TLS4002.it.yaml', line: 4, column: 3, code: 'TRANSLATION_MISMATCH', message: 'Solution: expected 4 steps as in the original of TLS4002, one for one; found 2 steps' }),
    ]);
    expect(mine).toHaveLength(5);
    for (const flag of ['PORT1001', 'TLS4002', 'NOPE9999', 'NET3004', 'NET3005', 'NET3002']) {
      expect([...(snapshot.errorTranslations.get(flag)?.keys() ?? [])].sort()).toEqual(flag === 'NOPE9999' ? [] : ['de', 'es', 'fr']);
    }
  });
});

describe('translations of catalogue entries, as files change', () => {
  const live = storeOverShippedContent();

  it('stops serving a translation when its original gains a step, and serves it again when it matches', async () => {
    await live.tree.write('errors/PORT1001.it.yaml', port1001It());
    await live.store.refresh(['errors/PORT1001.it.yaml']);
    expect(live.store.current().errorTranslations.get('PORT1001')?.get('it')?.Solution).toHaveLength(4);

    const { readFile } = await import('node:fs/promises');
    const original = await readFile(`${live.tree.dir}/errors/PORT1001.yaml`, 'utf8');
    await live.tree.write('errors/PORT1001.yaml', original.replace('messages:', '  - Ask support if it persists.\nmessages:'));
    await live.store.refresh(['errors/PORT1001.yaml']);
    // Every translation of the entry falls out, the shipped ones too, each reporting the mismatch.
    expect(live.store.current().errorTranslations.has('PORT1001')).toBe(false);
    expect(live.store.current().issues.map((i) => [i.file, i.code])).toEqual(['de', 'es', 'fr', 'it'].map((lang) => [`errors/PORT1001.${lang}.yaml`, 'TRANSLATION_MISMATCH']));

    await live.tree.write('errors/PORT1001.it.yaml', port1001It('', 5));
    await live.store.refresh(['errors/PORT1001.it.yaml']);
    expect(live.store.current().errorTranslations.get('PORT1001')?.get('it')?.Solution).toHaveLength(5);
    expect(live.store.current().issues.map((i) => i.file)).toEqual(['errors/PORT1001.de.yaml', 'errors/PORT1001.es.yaml', 'errors/PORT1001.fr.yaml']);

    await live.tree.remove('errors/PORT1001.it.yaml');
    await live.store.refresh(['errors/PORT1001.it.yaml']);
    expect(live.store.current().errorTranslations.has('PORT1001')).toBe(false);
    await live.tree.write('errors/PORT1001.yaml', original);
    await live.store.refresh(['errors/PORT1001.yaml']);
    expect([...live.store.current().errorTranslations.get('PORT1001')!.keys()].sort()).toEqual(['de', 'es', 'fr']);
    expect(live.store.current().issues).toEqual([]);
  });
});
