import { lstat, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ContentSnapshot } from '@companion/content';

/** Drafts larger than this are not read back for the preview (the checker refuses them anyway). */
const MAX_DRAFT_BYTES = 64 * 1024;

/** The Markdown body of a notice file, whatever state its front matter is in. */
function draftBody(text: string): string {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!source.startsWith('---')) return source.trim();
  const frontMatter = /^---[^\n]*\n(?:[\s\S]*?\n)?---[ \t]*(?:\n|$)/.exec(source);
  return frontMatter ? source.slice(frontMatter[0].length).trim() : '';
}

/**
 * The bodies of notice files that have never loaded (so the snapshot holds nothing of them),
 * read back from disk so the writer sees what they are writing. Only regular files inside the
 * content folder are read: a link is never followed.
 */
export async function readDrafts(contentDir: string, snapshot: ContentSnapshot): Promise<Map<string, string>> {
  const served = new Set(snapshot.notices.map((n) => n.file));
  const files = new Set(snapshot.issues.map((i) => i.file).filter((file) => /^notices\/[^/]+\.md$/.test(file) && !served.has(file)));
  const drafts = new Map<string, string>();
  for (const file of files) {
    const path = join(contentDir, file);
    if (relative(contentDir, path).split(sep)[0] === '..') continue;
    const info = await lstat(path).catch(() => null);
    if (!info?.isFile() || info.size > MAX_DRAFT_BYTES) continue;
    drafts.set(file, draftBody(await readFile(path, 'utf8')));
  }
  return drafts;
}
