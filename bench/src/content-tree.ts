import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './service';

export const noticeText = (id: number, summary: string): string =>
  `---\nid: ${id}\nactive: ${id % 3 !== 0}\ndate: 2026-${String((id % 12) + 1).padStart(2, '0')}-${String((id % 28) + 1).padStart(2, '0')}\npriority: ${id % 1000}\nsummary: ${summary}\ntype: ${['notice', 'maintenance', 'update', 'security'][id % 4]}\n---\n# Notice ${id}\n\nSome **Markdown** with a [link](https://example.com/${id}) and a list:\n\n- first point\n- second point with \`code\`\n`;

export const errorText = (flag: string, info: string): string =>
  `Flag: ${flag}\nInfo: ${info}\nSolution:\n  - Check the configuration in \`tunnel.toml\`.\n  - Restart the tunnel.\ncategory: network\nseverity: medium\ncreator: bench\ncreated_at: 2025-01-01T00:00:00Z\nupdated_at: 2025-06-01T12:00:00Z\n`;

/**
 * A content folder with the shipped releases, codenames and elements plus `notices` generated
 * notices and `errors` generated catalogue entries (BENCH1, BENCH2, ...).
 */
export async function generateTree(notices: number, errors: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-content-'));
  for (const part of ['changelog', 'codenames.yaml', 'elements.yaml']) await cp(join(ROOT, 'content', part), join(dir, part), { recursive: true });
  await mkdir(join(dir, 'notices'));
  await mkdir(join(dir, 'errors'));
  const writes: (() => Promise<void>)[] = [
    ...Array.from({ length: notices }, (_, i) => () => writeFile(join(dir, `notices/${i + 1}-generated.md`), noticeText(i + 1, `Generated notice ${i + 1}`))),
    ...Array.from({ length: errors }, (_, i) => () => writeFile(join(dir, `errors/BENCH${i + 1}.yaml`), errorText(`BENCH${i + 1}`, `Generated entry ${i + 1}.`))),
  ];
  for (let i = 0; i < writes.length; i += 64) await Promise.all(writes.slice(i, i + 64).map((write) => write()));
  return dir;
}
