import { join, relative, resolve, sep } from 'node:path';
import { resolveFromCaller } from '../caller-path';
import { formatIssue } from '../issues';
import { load } from '../load';

/**
 * `pnpm content:check [dir]`: one `file:line:col  CODE  message` line per problem. Exit 0 when
 * clean, 1 when there are problems, 2 when the folder cannot be read at all.
 */
// A folder given is read from where the command ran (`cd content && pnpm content:check .`);
// without one, the repository's own content folder.
const dir = process.argv[2] === undefined ? resolve('content') : resolveFromCaller(process.argv[2]);
// Paths are printed from where the command ran, so editors and terminals can open them.
const shown = (file: string) => join(relative(resolveFromCaller('.'), dir), file).split(sep).join('/');
try {
  const { snapshot, issues } = await load(dir);
  for (const issue of issues) {
    console.log(formatIssue({ ...issue, file: shown(issue.file) }));
    // On GitHub Actions the same problem also appears on the pull request's diff.
    if (process.env.GITHUB_ACTIONS === 'true') {
      console.log(`::error file=${shown(issue.file)},line=${issue.line},col=${issue.column},title=${issue.code}::${issue.message}`);
    }
  }
  const c = snapshot.counts;
  const summary = `${c.stable} stable and ${c.preview} preview releases, ${c.notices} notices, ${c.codenames} codenames, ${c.elements} elements, ${c.errors} catalogue entries`;
  console.error(issues.length === 0 ? `content OK: ${summary}` : `${issues.length} problem(s) in ${dir}; loaded ${summary}`);
  if (c.elements === 0 && issues.some((i) => i.code === 'UNKNOWN_FILE')) console.error('(is this the content folder itself? pass the folder that holds elements.yaml, notices/, errors/ ...)');
  process.exitCode = issues.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`content check failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
