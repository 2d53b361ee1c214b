#!/usr/bin/env node
// `node ../../scripts/compile.mjs src/a.ts src/cli/b.ts ...`, run in a workspace package by its
// `build` script: compiles the given entry points to dist/a.js, dist/b.js (flat, with the chunks
// they share) for `node` to run with production dependencies only.
//
// esbuild, because the sources import each other without file extensions (moduleResolution
// "bundler"), which Node's ESM loader refuses: a bundler resolves them at build time, where tsc
// would emit them unchanged. Types are checked by `pnpm typecheck`; nothing here needs .d.ts.
//
// Each package keeps exporting its TypeScript sources (so tsx, jest and tsc need no flag and no
// build, and a stale dist/ can never stand in for the sources). The compiled files therefore
// never import a workspace package by name: each `@companion/x` import is written as the path of
// that package's compiled file. npm dependencies stay imports, resolved from each package's own
// node_modules as `pnpm install --prod` leaves it.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const here = process.cwd();
const outdir = join(here, 'dist');
const entries = process.argv.slice(2);
if (entries.length === 0) {
  console.error('usage: node scripts/compile.mjs ENTRY.ts...');
  process.exit(2);
}

/** `@companion/x[/sub]` -> the compiled file, from the workspace packages' `exports` maps. */
function workspaceFiles() {
  const files = new Map();
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(ROOT, group))) {
      const dir = join(ROOT, group, name);
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      // Outputs are flat (dist/<name>.js): of two exports with one file name, the package's
      // main export keeps it and the other (a test harness, say) is not for production code.
      const taken = new Set();
      const exports = Object.entries(manifest.exports ?? {}).sort(([a], [b]) => (a === '.' ? -1 : b === '.' ? 1 : 0));
      for (const [subpath, source] of exports) {
        // A package that exports its own build (`{ types, default }`, the client) needs no mapping.
        if (typeof source !== 'string') continue;
        const compiled = join(dir, source.replace(/^\.\/src\/(?:.*\/)?([^/]+)\.ts$/, './dist/$1.js'));
        files.set(join(manifest.name, subpath).replace(/\/\.$/, ''), taken.has(compiled) ? null : compiled);
        taken.add(compiled);
      }
    }
  }
  return files;
}

const compiledFiles = workspaceFiles();
const workspaceAsCompiled = {
  name: 'workspace-as-compiled',
  setup(build) {
    build.onResolve({ filter: /^@companion\// }, ({ path }) => {
      const file = compiledFiles.get(path);
      if (file === undefined) return { errors: [{ text: `${path} is not an export of a workspace package` }] };
      if (file === null) return { errors: [{ text: `${path} shares its compiled file name with another export of its package; production code cannot import it` }] };
      // Dependencies are built first (turbo's ^build): a compiled file that is not there is an
      // export its package's build script does not compile, which would fail only at run time.
      if (!existsSync(file)) return { errors: [{ text: `${path} has no compiled file (${relative(ROOT, file)}): add its source to the build script of its package` }] };
      // Every output lies directly in dist/, so one relative path serves them all.
      return { path: relative(outdir, file), external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: entries,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [workspaceAsCompiled],
});
