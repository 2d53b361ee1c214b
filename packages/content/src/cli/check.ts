import { join, relative, resolve } from 'node:path';
import { formatIssue } from '../issues';
import { load } from '../load';

/** `pnpm content:check [dir]`: one `file:line:col  CODE  message` line per problem; exit 1 if any. */
const dir = resolve(process.argv[2] ?? 'content');
try {
  const { snapshot, issues } = await load(dir);
  for (const issue of issues) {
    console.log(formatIssue(issue));
    // On GitHub Actions the same problem also appears on the pull request's diff.
    if (process.env.GITHUB_ACTIONS === 'true') {
      console.log(`::error file=${join(relative(process.cwd(), dir), issue.file)},line=${issue.line},col=${issue.column},title=${issue.code}::${issue.message}`);
    }
  }
  const c = snapshot.counts;
  const summary = `${c.stable} stable and ${c.preview} preview releases, ${c.notices} notices, ${c.codenames} codenames, ${c.elements} elements, ${c.errors} catalogue entries`;
  console.error(issues.length === 0 ? `content OK: ${summary}` : `${issues.length} problem(s) in ${dir}; loaded ${summary}`);
  process.exitCode = issues.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`content check failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
