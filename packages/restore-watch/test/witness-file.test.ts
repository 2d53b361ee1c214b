import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WitnessFile } from '../src';

// The witness on real files: kept whole across a reopen; one that cannot be written or read says
// why (start-up logs it, /health shows it) and is kept in memory meanwhile.
describe('the witness file', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'witness-file-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const witness = { lineage: 'lineage-a', tick: 7, halted: [{ version: '1.4.0', channel: 'stable' as const, notify: ['releases@example.com'] }], applied: [] };

  it('is read back as it was written', async () => {
    const file = await WitnessFile.open(join(dir, 'restore-witness.json'));
    expect(file.read()).toBeNull();
    await file.write(witness);
    expect(file.problem).toBeNull();
    expect((await WitnessFile.open(join(dir, 'restore-witness.json'))).read()).toEqual(witness);
    expect(JSON.parse(await readFile(join(dir, 'restore-witness.json'), 'utf8'))).toEqual(witness);
  });

  it('that cannot be written says why and is kept in memory; a later write that succeeds clears it', async () => {
    const file = await WitnessFile.open(join(dir, 'missing-folder', 'restore-witness.json'));
    await file.write(witness);
    expect(file.problem).toMatch(/^the restore witness .*missing-folder\/restore-witness\.json cannot be written \(ENOENT/);
    expect(file.read()).toEqual(witness);
    await mkdir(join(dir, 'missing-folder'));
    await file.write({ ...witness, tick: 8 });
    expect(file.problem).toBeNull();
  });

  it('that cannot be read says why', async () => {
    await writeFile(join(dir, 'restore-witness.json'), '{ torn');
    const file = await WitnessFile.open(join(dir, 'restore-witness.json'));
    expect(file.read()).toBeNull();
    expect(file.problem).toMatch(/cannot be read/);
  });
});
