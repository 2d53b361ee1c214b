import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ContentStore } from '@companion/content';
import { ContentRevision } from '../src/content-revision';

// A replica's checkout of a content repository, pulled while its watcher still holds the pull's
// events (a debounce longer than the revision's two-second read): the revision is reported only
// once the content it names is served, so a deploy that waits for /health to name its commit
// never reads the commit before.
const run = promisify(execFile);
const git = async (dir: string, ...args: string[]) => (await run('git', ['-C', dir, '-c', 'user.name=Maintainer', '-c', 'user.email=m@example.com', ...args])).stdout.trim();
const SHIPPED = join(import.meta.dirname, '../../../content');

describe('the content revision', () => {
  let root: string;
  let store: ContentStore;
  let revision: ContentRevision;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'content-revision-'));
    const origin = join(root, 'maintainer');
    await git(root, 'init', '-q', '-b', 'main', origin);
    await cp(SHIPPED, join(origin, 'content'), { recursive: true });
    await git(origin, 'add', '-A');
    await git(origin, 'commit', '-qm', 'Content');
    await git(root, 'clone', '-q', origin, join(root, 'replica'));
    store = await ContentStore.open(join(root, 'replica', 'content'));
    await store.watch({ debounceMs: 60_000 });
    revision = new ContentRevision(join(root, 'replica', 'content'));
    await revision.start();
    revision.settleWith(() => store.reconcile());
  }, 180_000);

  afterAll(async () => {
    revision?.close();
    await store?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('is reported only once the content of that revision is served', async () => {
    const origin = join(root, 'maintainer');
    const file = join(origin, 'content/errors/TLS4002.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^severity:.*$/m, 'severity: critical'));
    await git(origin, 'commit', '-qam', 'TLS4002: critical');
    const head = await git(origin, 'rev-parse', 'HEAD');
    const before = revision.current().revision;

    await git(join(root, 'replica'), 'pull', '-q', '--ff-only');
    await revision.refresh();
    expect(revision.current()).toEqual({ revision: head, modified: [], modified_total: 0, revision_problem: null });
    expect(before).not.toBe(head);
    expect(store.current().errors.get('TLS4002')?.severity).toBe('critical');
  });

  it('reads the checkout without writing to it, so a pull beside a read never finds the index locked', async () => {
    const checkout = join(root, 'replica');
    // A file touched, its content unchanged: a `git status` that may write refreshes the index.
    const touched = new Date(Date.now() + 5_000);
    await utimes(join(checkout, 'content/errors/TLS4002.yaml'), touched, touched);
    const index = join(checkout, '.git/index');
    const before = await stat(index);
    await revision.refresh();
    expect(revision.current()).toMatchObject({ modified: [], modified_total: 0, revision_problem: null });
    const after = await stat(index);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
  });
});
