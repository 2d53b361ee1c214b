// `pnpm content:check [dir]`: the content check from its TypeScript source where tsx is
// installed (a development checkout), else its compiled twin packages/content/dist/check.js,
// which `pnpm build` makes (a production box after `pnpm install --prod`, which leaves tsx out).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
let tsx = true;
try {
  createRequire(join(ROOT, 'package.json')).resolve('tsx');
} catch {
  tsx = false;
}
const built = join(ROOT, 'packages/content/dist/check.js');
if (!tsx && !existsSync(built)) {
  console.error(`cannot check the content: tsx is not installed (a production install) and ${built} is not built: run pnpm build before pnpm install --prod`);
  process.exit(2);
}
const argv = tsx ? ['--import', 'tsx', join(ROOT, 'packages/content/src/cli/check.ts')] : [built];
const { status, signal, error } = spawnSync(process.execPath, [...argv, ...process.argv.slice(2)], { stdio: 'inherit' });
if (error) {
  console.error(`cannot check the content: ${error.message}`);
  process.exit(2);
}
process.exit(status ?? (signal ? 128 : 1));
