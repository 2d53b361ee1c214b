import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportChanges, NO_CHOICE, parseConflictChoice, type ConflictChoice, type UnexportedChanges } from '../catalog-export/export-changes';

/**
 * `pnpm catalog:export --from URL`: writes the error catalogue's API changes that the content
 * files do not hold yet into this checkout's content folder, ready to commit in a pull request.
 */
const USAGE = `usage: pnpm catalog:export --from URL [--content DIR] [--conflicts repository|api|FLAG=SIDE,...]
  --from URL       the service (any replica), e.g. https://api.example.com
  --content DIR    the content folder of your checkout (default: ./content)
  --conflicts SIDE where the repository and the API set one field two ways: keep the
                   repository's value or write the API's, for every conflict or per Flag
                   (e.g. PORT1002=api,TLS4002=repository; repository,PORT1002=api); a
                   conflict with no side chosen stops the export, writing nothing
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
let choice: ConflictChoice = NO_CHOICE;
try {
  if (args.conflicts !== undefined) choice = parseConflictChoice(args.conflicts);
} catch (error) {
  fail((error as Error).message);
}
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
const result = await exportChanges(contentDir, pending, choice);

for (const change of pending.changes) {
  for (const record of change.records) console.log(`${change.flag.padEnd(12)} ${record.operation.padEnd(6)} seq ${record.seq} by ${record.actor} at ${record.timestamp}`);
}
for (const conflict of result.conflicts) {
  console.log(`conflict ${conflict.flag} (${conflict.kind}, with seq ${conflict.seq}):`);
  for (const { field, repository, api } of conflict.fields) console.log(`  ${field}: repository ${JSON.stringify(repository)}, API ${JSON.stringify(api)}`);
}
if (!result.done) {
  const open = result.conflicts.filter((c) => !choice.flags.has(c.flag)).map((c) => c.flag);
  console.error(`\n${result.conflicts.length} conflict(s), ${open.join(', ')} with no side chosen: nothing written. Run again with --conflicts repository (keep the files' values), --conflicts api (write the API's), or a side per Flag (--conflicts ${open[0]}=api,...).`);
  process.exit(1);
}
for (const file of result.written) console.log(`wrote   ${file}`);
for (const file of result.removed) console.log(`removed ${file}`);
console.log(
  result.written.length + result.removed.length === 0
    ? `\nnothing to write: the files hold log ${pending.log_id} up to seq ${result.through}`
    : `\nthe files now hold log ${pending.log_id} up to seq ${result.through}: review, then commit (git add ${contentDir} && git commit) and open a pull request`,
);
