import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { copyOfShippedContent, SHIPPED_CONTENT } from './tree';

const run = promisify(execFile);
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const cli = resolve(import.meta.dirname, '../src/cli/check.ts');

async function check(dir: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(tsx, [cli, dir], { env: { ...process.env, GITHUB_ACTIONS: '' } });
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

describe('pnpm content:check', () => {
  it('is clean on the shipped content', async () => {
    expect(await check(SHIPPED_CONTENT)).toEqual({ code: 0, stdout: '' });
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
