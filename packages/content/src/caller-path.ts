import { dirname, resolve } from 'node:path';

/**
 * A path a person gave (CONTENT_DIR, `content:check <dir>`, the preview's folder), resolved
 * against the directory they ran the command in. `pnpm <script>` runs the script at the
 * repository root and says where it was called from in INIT_CWD; that is used only when this
 * process is such a script (its working directory is the script's package), never when another
 * process merely inherited the variable.
 */
export function resolveFromCaller(path: string, env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string {
  const scriptDir = env.PNPM_SCRIPT_SRC_DIR ?? (env.npm_package_json && dirname(env.npm_package_json));
  const base = env.INIT_CWD && scriptDir && resolve(scriptDir) === resolve(cwd) ? env.INIT_CWD : cwd;
  return resolve(base, path);
}
