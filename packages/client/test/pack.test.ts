import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startLiveService, type LiveService } from '../scripts/live-service';

// What an app's developers get: `pnpm build` then `pnpm pack`, installed into a fresh project
// that knows nothing of this workspace, imported from JavaScript and type-checked from TypeScript.
const run = promisify(execFile);
const PACKAGE = resolve(import.meta.dirname, '..');
const TSC = join(PACKAGE, 'node_modules/typescript/bin/tsc');

let work: string;
let tarball: string;
let service: LiveService;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'client-pack-'));
  service = await startLiveService();
  await run('pnpm', ['run', 'build'], { cwd: PACKAGE });
  await run('pnpm', ['pack', '--pack-destination', work], { cwd: PACKAGE });
  tarball = join(work, (await readdir(work)).find((f) => f.endsWith('.tgz'))!);
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('the packed client', () => {
  it('holds the compiled modules, their types and the README, and no sources or tests', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/generated/openapi.d.ts', 'package/dist/client.js']));
    expect(files.filter((f) => /^package\/(src|test|scripts)\//.test(f) || f.endsWith('.tgz'))).toEqual([]);
    const { stdout: manifest } = await run('tar', ['xzf', tarball, '-O', 'package/package.json']);
    const pkg = JSON.parse(manifest);
    expect([pkg.dependencies, pkg.exports['.']]).toEqual([undefined, { types: './dist/index.d.ts', default: './dist/index.js' }]);
  });

  it('installs into a fresh project, imports from JavaScript and answers from the service', async () => {
    const app = join(work, 'app');
    await run('mkdir', ['-p', app]);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: app });
    await writeFile(
      join(app, 'check.js'),
      `import { createClient } from '@companion/client';
const client = createClient({ baseUrl: process.argv[2] });
const latest = await client.getChangelogLatest();
const again = await client.getChangelogLatest();
const update = await client.updateCheck({ version: '1.9.0' });
console.log(JSON.stringify([latest.ok ? latest.body.data.version : { ...latest.error, cause: String(latest.error.cause?.cause ?? latest.error.cause) }, again.ok ? again.fromCache : again.error, update.ok ? update.body.data.up_to_date : update.error]));
`,
    );
    const { stdout } = await run(process.execPath, ['check.js', service.url], { cwd: app });
    const answers = JSON.parse(stdout);
    if (answers[0] !== '1.11.2') console.log(`the service's output:\n${service.output()}`);
    expect(answers).toEqual(['1.11.2', true, false]); // the newest release every install is offered (1.12.0 is staged)

    // And from TypeScript, with Node's own module resolution: the types come with the package.
    await writeFile(
      join(app, 'check.ts'),
      `import { createClient, type Result } from '@companion/client';
const client = createClient({ baseUrl: 'http://127.0.0.1:3000' });
const notice = await client.getNoticeById({ path: { id: 1 } });
const summary: string | false = notice.ok && notice.body.data.summary;
const code: string | false = !notice.ok && notice.error.kind === 'api' && notice.error.code;
export const used: [typeof summary, typeof code, Result<unknown> | undefined] = [summary, code, undefined];
`,
    );
    // The README's first example compiles as it is written.
    const readme = await readFile(join(PACKAGE, 'README.md'), 'utf8');
    await writeFile(join(app, 'readme-example.ts'), /```ts\n([\s\S]*?)```/.exec(readme)![1]!);
    const compilerOptions = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [] };
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts', 'readme-example.ts'] }));
    const tsc = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: app }).catch((e) => e);
    expect(tsc.stdout ?? '').toBe('');
  });
});
