// The operator's commands (`pnpm db:migrate`, `pnpm db:import`, `pnpm token:create`,
// `pnpm catalog:export`, `pnpm restore:confirm`): from their TypeScript sources in packages/operator-commands where tsx
// is installed (a development checkout), else their built twins in apps/api/dist, which the
// service's build compiles beside it (a production box after `pnpm install --prod`, which leaves
// tsx out).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = ['db-migrate', 'db-import', 'token', 'catalog-export', 'restore-confirm'];

const [name, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(name)) {
  console.error(`usage: node scripts/operator-command.mjs ${COMMANDS.join('|')} [arguments]`);
  process.exit(2);
}
let tsx = true;
try {
  createRequire(join(ROOT, 'package.json')).resolve('tsx');
} catch {
  tsx = false;
}
const built = join(ROOT, 'apps/api/dist', `${name}.js`);
if (!tsx && !existsSync(built)) {
  console.error(`cannot run ${name}: tsx is not installed (a production install) and ${built} is not built: run pnpm build before pnpm install --prod`);
  process.exit(2);
}
const argv = tsx ? ['--import', 'tsx', join(ROOT, 'packages/operator-commands/src/cli', `${name}.ts`), ...args] : [built, ...args];
const { status, signal, error } = spawnSync(process.execPath, argv, { stdio: 'inherit' });
if (error) {
  console.error(`cannot run ${name}: ${error.message}`);
  process.exit(2);
}
process.exit(status ?? (signal ? 128 : 1));
