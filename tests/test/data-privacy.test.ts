import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentCopy, startCommand, type ContentCopy, type RunningService } from './support/service';

// The data folder holds feedback, contacts and mail: `pnpm start` keeps it to the service's user
// whatever umask it is started with, and tightens what an earlier start left looser.

let content: ContentCopy;
let dir: string;
let service: RunningService | null = null;
beforeAll(async () => {
  content = await contentCopy();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'data-privacy-'));
});
afterEach(async () => {
  await service?.stop();
  service = null;
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => content?.cleanup());

/** `pnpm start` under umask 000: every file it creates would be readable and writable by anyone. */
const start = (dataDir: string) =>
  startCommand(['sh', '-c', 'umask 000 && exec pnpm start'], { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: dataDir, API_TOKENS: 'staff=feedback:read+feedback:write', CONTENT_WATCH: 'no' });

/** Each path under `folder` (itself included) with its permission bits, as `ls -l` would show them in octal. */
async function modes(folder: string): Promise<Record<string, string>> {
  const shown: Record<string, string> = { '.': ((await stat(folder)).mode & 0o777).toString(8) };
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    shown[path.slice(folder.length + 1)] = ((await stat(path)).mode & 0o777).toString(8);
  }
  return shown;
}

async function writeFeedback(url: string) {
  const sent = await fetch(`${url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Crash on start', contact: 'pat@example.org' }) });
  expect(sent.status).toBe(201);
  const set = await fetch(`${url}/api/feedback/1`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: 'Bearer staff' }, body: JSON.stringify({ status: 'triaged', note: 'Reply to pat@example.org' }) });
  expect(set.status).toBe(200);
}

describe('the data folder under pnpm start', () => {
  it('is made 0700, and the feedback files in it 0600, under umask 000', async () => {
    const dataDir = join(dir, 'data');
    service = await start(dataDir);
    await writeFeedback(service.url);
    const shown = await modes(dataDir);
    expect(shown).toMatchObject({ '.': '700', 'feedback.jsonl': '600', 'feedback-events.jsonl': '600' });
    // Nothing in it is left for another user to read.
    expect(Object.entries(shown).filter(([, mode]) => !mode.endsWith('00'))).toEqual([]);
  });

  it('loses what other users could read of it at the next start', async () => {
    const dataDir = join(dir, 'data');
    service = await start(dataDir);
    await writeFeedback(service.url);
    await service.stop();
    service = null;
    // As a copy or an earlier version may have left it.
    await chmod(dataDir, 0o755);
    await chmod(join(dataDir, 'feedback.jsonl'), 0o644);
    await mkdir(join(dataDir, 'outbox'), { recursive: true, mode: 0o777 });
    await chmod(join(dataDir, 'outbox'), 0o777);
    await writeFile(join(dataDir, 'outbox', 'old.eml'), 'To: pat@example.org\r\n\r\nHello\r\n', { mode: 0o666 });
    await chmod(join(dataDir, 'outbox', 'old.eml'), 0o666);
    service = await start(dataDir);
    const shown = await modes(dataDir);
    expect(shown).toMatchObject({ '.': '700', 'feedback.jsonl': '600', outbox: '700', 'outbox/old.eml': '600' });
    expect(Object.entries(shown).filter(([, mode]) => !mode.endsWith('00'))).toEqual([]);
    // Its data is served as before.
    const listed = (await (await fetch(`${service.url}/api/feedback`, { headers: { authorization: 'Bearer staff' } })).json()) as any;
    expect(listed.data[0].note).toBe('Reply to pat@example.org');
  });
});
