import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportChanges, type ConflictChoice, type UnexportedChanges } from '../catalog-export/export-changes';

/**
 * `pnpm catalog:export --from URL`: writes the error catalogue's API changes that the content
 * files do not hold yet into this checkout's content folder, ready to commit in a pull request.
 */
const USAGE = `usage: pnpm catalog:export --from URL [--content DIR] [--conflicts repository|api]
  --from URL       the service (any replica), e.g. https://api.example.com
  --content DIR    the content folder of your checkout (default: ./content)
  --conflicts SIDE where the repository and the API set one field two ways: keep the
                   repository's value or write the API's (without it, conflicts stop the export)
  The token (scope errors:read-log) is read from CATALOG_TOKEN.`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({ options: { from: { type: 'string' }, content: { type: 'string' }, conflicts: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.from) fail('--from is required');
if (args.conflicts !== undefined && args.conflicts !== 'repository' && args.conflicts !== 'api') fail(`--conflicts: expected repository or api; found "${args.conflicts}"`);
const token = process.env.CATALOG_TOKEN;
if (!token) fail('CATALOG_TOKEN is not set: a token with the errors:read-log scope (pnpm token:create errors:read-log)');
const contentDir = resolve(args.content ?? 'content');
const url = new URL('/api/tunnel/errors/pending', args.from);

let answer: Response;
try {
  answer = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
} catch (error) {
  fail(`could not reach ${url.origin}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`, 1);
}
const body = (await answer.json().catch(() => null)) as { data?: UnexportedChanges; error?: { message: string } } | null;
if (!answer.ok || !body?.data) fail(`${url.href} answered ${answer.status}: ${body?.error?.message ?? 'not the pending changes'}`, 1);
const pending = body.data;
const result = await exportChanges(contentDir, pending, (args.conflicts ?? null) as ConflictChoice);

for (const change of pending.changes) {
  for (const record of change.records) console.log(`${change.flag.padEnd(12)} ${record.operation.padEnd(6)} seq ${record.seq} by ${record.actor} at ${record.timestamp}`);
}
for (const conflict of result.conflicts) {
  console.log(`conflict ${conflict.flag} (${conflict.kind}, with seq ${conflict.seq}):`);
  for (const { field, repository, api } of conflict.fields) console.log(`  ${field}: repository ${JSON.stringify(repository)}, API ${JSON.stringify(api)}`);
}
if (!result.done) {
  console.error(`\n${result.conflicts.length} conflict(s): nothing written. Run again with --conflicts repository (keep the files' values) or --conflicts api (write the API's).`);
  process.exit(1);
}
for (const file of result.written) console.log(`wrote   ${file}`);
for (const file of result.removed) console.log(`removed ${file}`);
console.log(
  result.written.length + result.removed.length === 0
    ? `\nnothing to write: the files hold log ${pending.log_id} up to seq ${result.through}`
    : `\nthe files now hold log ${pending.log_id} up to seq ${result.through}: review, then commit (git add ${contentDir} && git commit) and open a pull request`,
);
