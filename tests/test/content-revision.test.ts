import { execFile } from 'node:child_process';
import { chmod, chown, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkoutClosedTo, request, SHIPPED_CONTENT, startServer, type ServerProcess } from './support/crash-server';

/**
 * The layout deploy/README.md gives: the service runs as an unprivileged user over a checkout
 * root owns. git refuses such a checkout ("dubious ownership") unless told to trust it; the
 * service reads its own CONTENT_DIR's revision all the same, and says why, at start-up and in
 * /health, when it cannot.
 */
const run = promisify(execFile);
const git = async (dir: string, ...args: string[]) => (await run('git', ['-C', dir, '-c', 'user.name=Maintainer', '-c', 'user.email=m@example.com', ...args])).stdout.trim();
const NOBODY = { uid: 65534, gid: 65534 };
const skip = process.getuid?.() === 0 ? checkoutClosedTo(NOBODY) : 'running the service as another user over a root-owned checkout needs root';
if (skip) console.log(`skipped: ${skip}`);

(skip ? describe.skip : describe)('the content revision over a checkout root owns, read by the service user', () => {
  let root: string;
  let checkout: string;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'revision-'));
    await chmod(root, 0o755);
    checkout = join(root, 'checkout');
    await mkdir(checkout);
    await git(checkout, 'init', '-q', '-b', 'main');
    await cp(SHIPPED_CONTENT, join(checkout, 'content'), { recursive: true });
    await git(checkout, 'add', '-A');
    await git(checkout, 'commit', '-qm', 'The content');
    await run('chmod', ['-R', 'a+rX', checkout]);
    dataDir = join(root, 'data');
    await mkdir(dataDir);
    await chown(dataDir, NOBODY.uid, NOBODY.gid);
  }, 180_000);

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const boot = async () => {
    const started = await startServer({ CONTENT_DIR: join(checkout, 'content'), DATA_DIR: dataDir, API_TOKENS: 'tok=*' }, 60_000, NOBODY);
    server = started.server;
    return started.url;
  };

  it('serves the revision and the hand edits', async () => {
    const head = await git(checkout, 'rev-parse', 'HEAD');
    await writeFile(join(checkout, 'content/errors/PORT1001.yaml'), '# edited by hand\n', { flag: 'a' });
    const url = await boot();
    const { content } = (await request(`${url}/health`, 'GET', null)).body;
    expect(content).toMatchObject({ revision: head, modified: ['content/errors/PORT1001.yaml'], modified_total: 1, revision_problem: null });
    await git(checkout, 'checkout', '--', '.');
  }, 180_000);

  it('says why, at start-up and in /health, when git cannot read the checkout', async () => {
    await chmod(join(checkout, '.git'), 0o700); // the service's user can no longer read the repository
    try {
      const url = await boot();
      const { content } = (await request(`${url}/health`, 'GET', null)).body;
      expect(content.revision).toBeNull();
      expect(content.revision_problem).toMatch(new RegExp(`^cannot read the git revision of ${checkout} \\(.+\\): content.revision and content.modified are null`));
      expect(server!.printed(`cannot read the git revision of ${checkout}`)).toBe(true);
    } finally {
      await chmod(join(checkout, '.git'), 0o755);
    }
  }, 180_000);
});
