import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { get, ROOT, useApiOnContentCopy, waitFor } from './support/service';

// Hostile content in front of the real service (`pnpm start`'s entry): an alias bomb, an
// oversized notice and a Windows device name as a Flag are each one issue on their file, at
// start-up and when saved while it runs; they never stop it or cost a valid file beside them.
const FIXTURES = join(ROOT, 'packages/content/test/broken-files');
const fixture = (path: string) => readFile(join(FIXTURES, path), 'utf8');

const service = useApiOnContentCopy(async (content) => {
  await content.write('errors/BOMB1.yaml', await fixture('alias-bomb/errors/BOMB1.yaml'));
  await content.write('notices/903-huge.md', await fixture('oversized-notice/notices/903-huge.md'));
  await content.write('errors/COM1.yaml', await fixture('windows-reserved-flag/errors/COM1.yaml'));
});

const issues = async () => (await get(`${service.api.url}/health`)).body.content.issues as { file: string; code: string }[];

describe('hostile content', () => {
  it('starts, serves the rest, and reports one issue per hostile file', async () => {
    expect((await issues()).map((i) => `${i.file} ${i.code}`).sort()).toEqual([
      'errors/BOMB1.yaml YAML_TOO_MANY_ALIASES',
      'errors/COM1.yaml SCHEMA_INVALID',
      'notices/903-huge.md FILE_TOO_LARGE',
    ]);
    expect((await get(`${service.api.url}/api/notice/903`)).status).toBe(404);
    expect((await get(`${service.api.url}/api/tunnel/errors/BOMB1`)).status).toBe(404);
    expect((await get(`${service.api.url}/api/tunnel/errors/PORT1001`)).status).toBe(200);
  });

  it('keeps a valid file saved in the same batch as an alias bomb', async () => {
    await service.content.write('errors/BOMB2.yaml', (await fixture('alias-bomb/errors/BOMB1.yaml')).replace('Flag: BOMB1', 'Flag: BOMB2'));
    await service.content.write('errors/FINE1.yaml', 'Flag: FINE1\nInfo: Saved beside a bomb.\nSolution:\n  - Nothing to do.\n');
    await waitFor(async () => (await get(`${service.api.url}/api/tunnel/errors/FINE1`)).status === 200, 60_000, () => 'FINE1 never served');
    await waitFor(async () => (await issues()).some((i) => i.file === 'errors/BOMB2.yaml' && i.code === 'YAML_TOO_MANY_ALIASES'), 60_000, () => 'BOMB2 never reported');
    expect(service.api.lines.join('\n')).not.toMatch(/ReferenceError|Excessive alias count/);
  });
});
