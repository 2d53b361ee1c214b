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
/** ` (+102 translations: de 34, fr 34, es 34)` for the translations served of a collection, by language (alphabetical); '' for none. A
 * translation that does not match its original is reported as a problem and not counted. */
function translated(translations: ReadonlyMap<unknown, ReadonlyMap<string, unknown>>): string {
  const byLanguage = new Map<string, number>();
  for (const languages of translations.values()) for (const lang of languages.keys()) byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + 1);
  const total = [...byLanguage.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return '';
  return ` (+${total} translation${total === 1 ? '' : 's'}: ${[...byLanguage].sort(([a], [b]) => (a < b ? -1 : 1)).map(([lang, n]) => `${lang} ${n}`).join(', ')})`;
}

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
  const summary = `${c.stable} stable and ${c.preview} preview releases${translated(snapshot.releaseTranslations)}, ${c.notices} notices${translated(snapshot.noticeTranslations)}, ${c.codenames} codenames, ${c.elements} elements, ${c.errors} catalogue entries${translated(snapshot.errorTranslations)}`;
  console.error(issues.length === 0 ? `content OK: ${summary}` : `${issues.length} problem(s) in ${dir}; loaded ${summary}`);
  if (c.elements === 0 && issues.some((i) => i.code === 'UNKNOWN_FILE')) console.error('(is this the content folder itself? pass the folder that holds elements.yaml, notices/, errors/ ...)');
  process.exitCode = issues.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`content check failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
