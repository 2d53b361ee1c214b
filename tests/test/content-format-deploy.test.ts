import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, SHIPPED_CONTENT, type ServerProcess } from './support/crash-server';
import { rawRequest } from './support/raw-get';
import { waitFor } from './support/service';

// A pull into a running replica's checkout that brings content written for newer code (its
// .format raised): the running service keeps serving what it had and says to restart, until the
// checkout declares a format it reads again.

let dir: string;
let contentDir: string;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'content-format-'));
  contentDir = join(dir, 'content');
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  // No periodic comparison: what the service does, it does on the pull's own events.
  server = spawnServer({ CONTENT_DIR: contentDir, DATA_DIR: join(dir, 'data'), CONTENT_RECONCILE_MS: '0' });
  url = await server.listening;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const json = async (path: string) => JSON.parse((await rawRequest(`${url}${path}`)).body.toString());
const lines = (text: string) => server.output().split('\n').filter((line) => line.includes(text)).length;

it('serves the content it had, degraded with a restart to do, and the new content once the checkout declares a format it reads', async () => {
  const file = join('notices', (await readdir(join(contentDir, 'notices'))).find((name) => /^[^.]+\.md$/.test(name))!);
  const original = await readFile(join(contentDir, file), 'utf8');
  const id = Number(/^id: (\d+)$/m.exec(original)![1]);
  const before = (await json(`/api/notice/${id}`)).data;
  const format = Number((await readFile(join(contentDir, '.format'), 'utf8')).trim().split('\n').at(-1));

  // As `git pull` writes it: .format first, then the content files.
  await writeFile(join(contentDir, '.format'), `${format + 1}\n`);
  await writeFile(join(contentDir, file), original.replace('# ', '# Written for the next release '));
  await waitFor(() => server.printed('content not reloaded'), 30_000, () => server.output());
  const health = await json('/health');
  expect(health.status).toBe('degraded');
  expect(health.content.issues[0]).toMatchObject({ file: '.format', code: 'CONTENT_FORMAT_TOO_NEW' });
  expect(health.content.issues[0].text).toContain(`restart the service on the release that reads format ${format + 1} to serve it`);
  expect((await json(`/api/notice/${id}`)).data).toEqual(before);
  expect(server.printed('content reloaded')).toBe(false);

  // The checkout goes back (a revert pulled, or the release deployed behind it).
  const reloads = lines('content reloaded');
  await writeFile(join(contentDir, '.format'), `${format}\n`);
  await writeFile(join(contentDir, file), original.replace('# ', '# Served after the restart was not needed '));
  await waitFor(() => lines('content reloaded') > reloads, 30_000, () => server.output());
  expect((await json(`/api/notice/${id}`)).data.content).toContain('Served after the restart was not needed');
  const healed = await json('/health');
  expect(healed.content.issues_total).toBe(0);
});
