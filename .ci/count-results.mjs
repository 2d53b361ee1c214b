// Sums jest's --json results of every workspace package and prints "N passed, N failed".
// Exits 1 when a test failed, a suite could not run, or no test ran at all.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function* resultFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git') continue;
    const path = join(dir, name);
    if (name === '.jest-results.json') yield path;
    else if (statSync(path).isDirectory()) yield* resultFiles(path);
  }
}

let passed = 0;
let failed = 0;
for (const file of resultFiles('.')) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
