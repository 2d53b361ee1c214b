import { readFile } from 'node:fs/promises';
import { generatedFiles, type GeneratedFiles } from '../scripts/generated-files';
import { startLiveService, type LiveService } from '../scripts/live-service';

// The committed types and operation table are what the live service's /openapi.json generates:
// a route, parameter or schema changed without `pnpm --filter @companion/client generate` fails here.
let service: LiveService;
let document: { paths: Record<string, unknown> };

beforeAll(async () => {
  service = await startLiveService();
  document = (await (await fetch(`${service.url}/openapi.json`)).json()) as typeof document;
}, 60_000);
afterAll(() => service?.stop());

const committed = async (name: keyof GeneratedFiles) => readFile(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');

describe('the generated client code', () => {
  it.each(['openapi.ts', 'operations.ts'] as const)('src/generated/%s matches the live /openapi.json', async (name) => {
    const [fresh, kept] = [(await generatedFiles(document))[name], await committed(name)];
    const lines = kept.split('\n');
    const first = fresh.split('\n').findIndex((line, i) => line !== lines[i]);
    // On failure this names the first line that differs and the command that regenerates the file.
    expect({ file: name, firstDifferentLine: first === -1 ? null : first + 1, fix: 'pnpm --filter @companion/client generate' }).toEqual({ file: name, firstDifferentLine: null, fix: expect.any(String) });
    expect(kept).toBe(fresh);
  });

  it('would notice a new route', async () => {
    const item = Object.values(document.paths)[0];
    const grown = { ...document, paths: { ...document.paths, '/api/new-thing': item } };
    const files = await generatedFiles(grown);
    expect(files['openapi.ts']).not.toBe(await committed('openapi.ts'));
    expect(files['operations.ts']).toContain('"/api/new-thing"');
  });
});
