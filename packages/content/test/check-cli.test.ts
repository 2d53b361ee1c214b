import { execFile } from 'node:child_process';
import { cp, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { copyOfShippedContent, SHIPPED_CONTENT } from './tree';

const run = promisify(execFile);
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const cli = resolve(import.meta.dirname, '../src/cli/check.ts');

async function checkWithSummary(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [cli, dir], { env: { ...process.env, GITHUB_ACTIONS: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function check(dir: string): Promise<{ code: number; stdout: string }> {
  const { code, stdout } = await checkWithSummary(dir);
  return { code, stdout };
}

/** Per language, how many `errors/<Flag>.<lang>.yaml` files a content folder holds. */
async function errorTranslationFiles(dir: string): Promise<Map<string, number>> {
  const byLanguage = new Map<string, number>();
  for (const name of await readdir(join(dir, 'errors'))) {
    const lang = /^[^.]+\.([a-z]{2}(?:-[A-Z]{2})?)\.yaml$/.exec(name)?.[1];
    if (lang) byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + 1);
  }
  return byLanguage;
}

describe('pnpm content:check', () => {
  it('is clean on the shipped content', async () => {
    expect(await check(SHIPPED_CONTENT)).toEqual({ code: 0, stdout: '' });
  });

  it('counts the translations served in its summary, per language, leaving out those that do not match their original', async () => {
    const shipped = await errorTranslationFiles(SHIPPED_CONTENT);
    const entries = (await readdir(join(SHIPPED_CONTENT, 'errors'))).filter((name) => /^[^.]+\.yaml$/.test(name)).length;
    const total = [...shipped.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const byLanguage = [...shipped].sort(([a], [b]) => (a < b ? -1 : 1)).map(([lang, n]) => `${lang} ${n}`).join(', ');
    const clean = await checkWithSummary(SHIPPED_CONTENT);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toContain(`, 10 notices, `);
    expect(clean.stderr.trim()).toMatch(new RegExp(`^content OK: .*, ${entries} catalogue entries \\(\\+${total} translations: ${byLanguage}\\)$`));

    const tree = await copyOfShippedContent();
    try {
      await tree.write('notices/10-holiday-support-hours.de.md', '---\nid: 10\ndate: 2026-11-17\nsummary: Support antwortet langsamer.\n---\n# Feiertage\n');
      // A German translation whose Solution has one step where its original has several: reported, not counted.
      await tree.write('errors/AUTH2001.de.yaml', 'Flag: AUTH2001\nInfo: Abgelehnt.\nSolution:\n  - Erneut anmelden.\n');
      const { code, stdout, stderr } = await checkWithSummary(tree.dir);
      expect(code).toBe(1);
      expect(stdout).toContain('errors/AUTH2001.de.yaml:');
      expect(stderr).toContain(', 10 notices (+1 translation: de 1), ');
      const de = shipped.get('de')!;
      expect(stderr).toContain(`${entries} catalogue entries (+${total - 1} translations: ${byLanguage.replace(`de ${de}`, `de ${de - 1}`)})`);
    } finally {
      await tree.cleanup();
    }
  });

  it('prints the problems of translations, audiences, rollouts and channels.yaml as file:line:col lines', async () => {
    const tree = await copyOfShippedContent();
    try {
      await tree.write('notices/77-gone.de.md', '---\nid: 77\ndate: 2026-01-01\nsummary: Weg\n---\nText.\n');
      await tree.write('notices/10-holiday.xx.md', '---\nid: 10\ndate: 2026-11-17\nsummary: X\n---\nText.\n');
      await tree.write('changelog/stable/1.11.2.de.yaml', 'version: 1.11.2\ndate: 2026-10-02\ndescription: Wartung\nchanges:\n  - Eins\n');
      await tree.write('changelog/channels.yaml', 'stable:\n  minimum_supported: latest\n');
      await tree.write('changelog/stable/2.0.0.yaml', 'version: 2.0.0\ndate: 2027-01-01\ndescription: Two\nchanges: [x]\nrollout: 101\n');
      await tree.write('notices/900-t.md', '---\nid: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: T\ntype: notice\naudience:\n  versions: "=> 1.0"\n  platforms: [android]\n---\nBody.\n');
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      // Paths are printed relative to where the command runs.
      const lines = stdout.trim().split('\n').map((line) => line.slice(line.indexOf(relative(process.cwd(), tree.dir)) + relative(process.cwd(), tree.dir).length + 1));
      expect(lines).toEqual([
        'changelog/channels.yaml:2:22  SCHEMA_INVALID  stable.minimum_supported: expected a version such as 1.9.0; found "latest"',
        'changelog/stable/1.11.2.de.yaml:2:7  TRANSLATION_MISMATCH  date: expected 2026-10-01 as in the original of stable release 1.11.2; found 2026-10-02',
        'changelog/stable/1.11.2.de.yaml:5:3  TRANSLATION_MISMATCH  changes: expected 4 changes as in the original of stable release 1.11.2; found 1',
        'changelog/stable/2.0.0.yaml:5:10  SCHEMA_INVALID  rollout: expected 100 or less; found number 101',
        'notices/10-holiday.xx.md:1:1  UNKNOWN_LANGUAGE  expected the file name to end in a known language tag such as .de or .pt-BR (language in lower case); found .xx',
        'notices/77-gone.de.md:2:5  TRANSLATION_WITHOUT_ORIGINAL  expected notice 77 in notices/ to translate; found no such original (add it, or fix the id)',
        'notices/900-t.md:9:13  SCHEMA_INVALID  audience.versions: expected a semver range such as ">=1.9.0 <1.11.0" or "^1.10.0"; found "=> 1.0"',
        'notices/900-t.md:10:15  SCHEMA_INVALID  audience.platforms[0]: expected one of "windows", "macos", "linux"; found text "android"',
      ]);
    } finally {
      await tree.cleanup();
    }
  });

  it('prints the problems of a rollout guard at their field', async () => {
    const tree = await copyOfShippedContent();
    try {
      await tree.write('changelog/stable/2.0.0.yaml', 'version: 2.0.0\ndate: 2027-01-01\ndescription: Two\nchanges: [x]\nrollout: 10\nguard:\n  bug_feedback_factor: 0.5\n  min_active_installs: 500\n  notify: releases\n  resume: 2027-02-30\n  halt_at: 3\n');
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      const lines = stdout.trim().split('\n').map((line) => line.slice(line.indexOf('changelog/')));
      expect(lines).toEqual([
        'changelog/stable/2.0.0.yaml:7:24  SCHEMA_INVALID  guard.bug_feedback_factor: expected a factor of at least 1 (1: halt on any rate above the previous release\'s); found number 0.5',
        'changelog/stable/2.0.0.yaml:9:11  SCHEMA_INVALID  guard.notify: expected an e-mail address; found text "releases"',
        'changelog/stable/2.0.0.yaml:10:11  SCHEMA_INVALID  guard.resume: expected a date that exists; found 2027-02-30: that day does not exist: February 2027 has 28 days',
        'changelog/stable/2.0.0.yaml:11:3  SCHEMA_INVALID  guard.halt_at: unknown field "halt_at"; remove it or check its spelling',
      ]);
    } finally {
      await tree.cleanup();
    }
  });

  it("prints the problems of an entry's messages at the message", async () => {
    const tree = await copyOfShippedContent();
    try {
      await tree.write('errors/MSG1.yaml', 'Flag: MSG1\nInfo: Messages.\nSolution:\n  - Retry.\nmessages:\n  - "bind: address already in use"\n  - "   "\n  - "Bind: Address already in use"\n');
      await tree.write('errors/MSG2.yaml', `Flag: MSG2\nInfo: Too many.\nSolution:\n  - Retry.\nmessages: [${Array.from({ length: 21 }, (_, i) => `m${i}`).join(', ')}]\n`);
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      const lines = stdout.trim().split('\n').map((line) => line.slice(line.indexOf(relative(process.cwd(), tree.dir)) + relative(process.cwd(), tree.dir).length + 1));
      expect(lines).toEqual([
        'errors/MSG1.yaml:7:5  SCHEMA_INVALID  messages[1]: expected text that is not blank; found text "   "',
        'errors/MSG1.yaml:8:5  SCHEMA_INVALID  messages[2]: expected each message once; found "Bind: Address already in use" again',
        'errors/MSG2.yaml:5:11  SCHEMA_INVALID  messages: expected at most 20 messages; found a list of 21',
      ]);
    } finally {
      await tree.cleanup();
    }
  });

  it('names a file whose parsing fails (an alias bomb) and exits 1, not 2', async () => {
    const tree = await copyOfShippedContent();
    try {
      const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdef'[i]}`).join(', ')}]`)].join('\n');
      await tree.write('errors/BOMB1.yaml', `${bomb}\n`);
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      expect(stdout).toMatch(/^\S*\/errors\/BOMB1\.yaml:\d+:\d+ {2}[A-Z_]+ {2}/m);
    } finally {
      await tree.cleanup();
    }
  });

  it('prints file:line:col  CODE  message per problem and exits 1', async () => {
    const tree = await copyOfShippedContent();
    try {
      await tree.write('notices/900-bad.md', '---\nid: 900\nactive: yes\n---\n');
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      expect(stdout).toMatch(/^\S*\/notices\/900-bad\.md:3:9 {2}SCHEMA_INVALID {2}active: expected true or false; found text "yes"$/m);
      expect(stdout.split('\n')[0]!.startsWith(relative(process.cwd(), tree.dir))).toBe(true);
    } finally {
      await tree.cleanup();
    }
  });

  it('names a file that stops the YAML parser (an alias bomb) and exits 1, not 2', async () => {
    const tree = await copyOfShippedContent();
    try {
      await cp(join(import.meta.dirname, 'broken-files/alias-bomb/errors/BOMB1.yaml'), join(tree.dir, 'errors/BOMB1.yaml'));
      const { code, stdout } = await check(tree.dir);
      expect(code).toBe(1);
      expect(stdout).toMatch(/^\S*\/errors\/BOMB1\.yaml:7:10 {2}YAML_TOO_MANY_ALIASES {2}/m);
      expect(stdout.trim().split('\n')).toHaveLength(1);
    } finally {
      await tree.cleanup();
    }
  });
});
