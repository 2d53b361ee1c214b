import { writeFileSync } from 'node:fs';
import { readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { get, useApiOnContentCopy, waitFor } from './support/service';

// The real service (`pnpm start`'s entry) on a temp content folder: every change is a file
// written to disk, every observation an HTTP request or a line the service logged.
// Without the catalogue's translations: these tests rewrite entries with other steps, which
// rightly reports their translations as no longer matching (and /health as degraded).
const service = useApiOnContentCopy(async (content) => {
  for (const name of await readdir(content.path('errors'))) if (/^[^.]+\.[a-z]{2}(-[A-Z]{2})?\.yaml$/.test(name)) await rm(content.path(`errors/${name}`));
});

const entry = (flag: string, info: string) => `Flag: ${flag}\nInfo: ${info}\nSolution:\n  - Retry.\n`;
const notice = (id: number, summary: string) => `---\nid: ${id}\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: ${summary}\ntype: notice\n---\nBody of ${id}.\n`;

/** The `content reloaded` log records the service wrote after line `from`. */
const reloadsSince = (from: number) =>
  service.api.lines.slice(from).flatMap((line) => {
    const record = line.startsWith('{') ? JSON.parse(line) : null;
    return record?.msg?.startsWith('content reloaded') ? [record as { changed: number; files: string[] }] : [];
  });

/** Polls a GET until `accept` approves of the answer. */
const until = (path: string, accept: (res: Awaited<ReturnType<typeof get>>) => boolean, ms = 60_000) =>
  waitFor(async () => {
    const res = await get(`${service.api.url}${path}`);
    return accept(res) && res;
  }, ms, () => `GET ${path} never matched`);

const infoOf = (flag: string) => `/api/tunnel/errors/${flag}`;

describe('hot reload over HTTP', () => {
  it('serves a changed file', async () => {
    await service.content.write('errors/PORT1001.yaml', entry('PORT1001', 'Changed on disk.'));
    await until(infoOf('PORT1001'), (res) => res.body.data?.Info === 'Changed on disk.');
  });

  it('serves an added file, forgets a deleted one', async () => {
    await service.content.write('notices/900-added.md', notice(900, 'Added while running'));
    await until('/api/notice/900', (res) => res.status === 200 && res.body.data.summary === 'Added while running');
    await unlink(service.content.path('notices/900-added.md'));
    await until('/api/notice/900', (res) => res.status === 404 && res.body.error.code === 'NOTICE_NOT_FOUND');
  });

  it('follows a renamed file', async () => {
    const written = service.api.lines.length;
    await service.content.write('notices/901-before.md', notice(901, 'Renamed soon'));
    await until('/api/notice/901', (res) => res.status === 200);
    // The reload is logged as its snapshot is served: its line can reach this process after the
    // answer above, so the rename's reloads are counted only from after it.
    await waitFor(() => reloadsSince(written).some((r) => r.files.includes('notices/901-before.md')));
    const from = service.api.lines.length;
    await rename(service.content.path('notices/901-before.md'), service.content.path('notices/901-after.md'));
    await waitFor(() => reloadsSince(from).some((r) => r.files.includes('notices/901-after.md')));
    expect(reloadsSince(from).flatMap((r) => r.files).sort()).toEqual(['notices/901-after.md', 'notices/901-before.md']);
    expect((await get(`${service.api.url}/api/notice/901`)).body.data.summary).toBe('Renamed soon');
    expect((await get(`${service.api.url}/health`)).body.status).toBe('ok');
  });

  it('treats an atomic save (write a temp file, rename it over) as a change', async () => {
    await writeFile(service.content.path('errors/.PORT1002.yaml.tmp'), entry('PORT1002', 'Saved atomically.'));
    await rename(service.content.path('errors/.PORT1002.yaml.tmp'), service.content.path('errors/PORT1002.yaml'));
    await until(infoOf('PORT1002'), (res) => res.body.data?.Info === 'Saved atomically.');
  });

  it('reloads once for a burst of 200 files, as a git pull writes them', async () => {
    const from = service.api.lines.length;
    const flags = Array.from({ length: 200 }, (_, i) => `PULL${i + 1}`);
    // The whole burst is in the kernel's event queue before the service reads any of it: it is
    // stopped (SIGSTOP) while the files are written and continued after. How fast either process
    // runs then decides nothing (a service on a loaded machine that read part of a burst, lost the
    // processor for longer than its quiet period and read the rest would rightly reload twice).
    const pid = service.api.child.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      for (const flag of flags) writeFileSync(service.content.path(`errors/${flag}.yaml`), entry(flag, `Pulled ${flag}.`));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until(infoOf('PULL200'), (res) => res.status === 200);
    await waitFor(() => reloadsSince(from).reduce((sum, r) => sum + r.changed, 0) >= 200);
    for (const flag of flags) await until(infoOf(flag), (res) => res.body.data?.Info === `Pulled ${flag}.`);
    expect(reloadsSince(from).map((r) => r.changed)).toEqual([200]);
    const search = await get(`${service.api.url}/api/tunnel/errors/search?q=pull&limit=100`);
    expect(search.body.count).toBe(100);
  });

  it('keeps serving the last good version of a broken file, reports it on /health, and recovers on the next good save', async () => {
    const before = (await get(`${service.api.url}${infoOf('NET3001')}`)).body.data.Info;
    await service.content.write('errors/NET3001.yaml', 'Flag: NET3001\nInfo: [unclosed\nSolution: x\n');
    const health = await until('/health', (res) => res.body.status === 'degraded');
    expect(health.status).toBe(200);
    expect(health.body.content.issues).toEqual([expect.objectContaining({ file: 'errors/NET3001.yaml', code: 'YAML_SYNTAX', text: expect.stringMatching(/^errors\/NET3001\.yaml:\d+:\d+ {2}YAML_SYNTAX/) })]);
    expect((await get(`${service.api.url}${infoOf('NET3001')}`)).body.data.Info).toBe(before);
    // The log line leaves the server as /health changes; it may reach this process a moment later.
    await waitFor(() => service.api.lines.some((line) => line.includes('content issue: errors/NET3001.yaml:')), 60_000, () => 'no content issue logged for errors/NET3001.yaml');

    await service.content.write('errors/NET3001.yaml', entry('NET3001', 'Fixed.'));
    const healed = await until('/health', (res) => res.body.status === 'ok');
    expect(healed.body.content.issues).toEqual([]);
    expect((await get(`${service.api.url}${infoOf('NET3001')}`)).body.data.Info).toBe('Fixed.');
  });
});
