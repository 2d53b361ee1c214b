import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { clearRows, writeReport } from './report';

/**
 * `pnpm bench [name...]`: runs every `*.bench.ts` beside this file (or those whose name
 * contains one of the arguments), one after another, each in its own process so one bench's
 * heap and open watches cannot skew the next. A bench file runs when executed and prints
 * its figures and records its rows (see report.ts); it exits non-zero only when it could not
 * measure, never because of speed. At the end every recorded row goes into one table,
 * `bench/results/latest.md`.
 */
const here = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts') && (filters.length === 0 || filters.some((f) => name.includes(f))))
  .sort();

if (files.length === 0) console.error(`no bench file matches ${filters.join(', ')}`);
let failed = files.length === 0;
clearRows(files);
for (const file of files) {
  console.log(`\n=== ${file}`);
  // The same loader flags tsx gave this process, so the bench runs TypeScript too.
  const child = spawn(process.execPath, [...process.execArgv, join(here, file)], { stdio: 'inherit' });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) {
    console.error(`${file} could not finish (exit ${code})`);
    failed = true;
  }
}
console.log(`\n${writeReport()}`);
process.exitCode = failed ? 1 : 0;
