import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './service';

const run = promisify(execFile);

export interface ProductionInstall {
  dir: string;
  /** `node <entry>` runs the built service (absolute path of apps/api/dist/main.js). */
  entry: string;
  cleanup(): Promise<void>;
}

/**
 * The repository as an operator deploys it: its files (those git tracks or would track, so no
 * node_modules, dist or data) copied to a temp folder, `pnpm install`, `pnpm build`, then
 * `pnpm install --prod` so only production dependencies remain. Packages come from pnpm's
 * store, which the test command's own install has filled.
 */
export async function productionInstall(): Promise<ProductionInstall> {
  const dir = await mkdtemp(join(tmpdir(), 'production-'));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await copyFile(join(ROOT, file), join(dir, file));
  }
  const pnpm = (args: string[], env: Record<string, string> = {}) => run('pnpm', args, { cwd: dir, env: { ...process.env, CI: 'true', ...env }, maxBuffer: 64 * 1024 * 1024 });
  await pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
  await pnpm(['build']);
  await pnpm(['install', '--prod', '--frozen-lockfile', '--prefer-offline', '--config.confirmModulesPurge=false'], { NODE_ENV: 'production' });
  return { dir, entry: join(dir, 'apps/api/dist/main.js'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}
