import type { ContentSnapshot } from '@companion/content';

/** The card id of a file that has no served value: `file-notices-900-draft-md`. */
export const fileAnchor = (file: string): string => `file-${file.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** Where each file's card is on the page, so problem lines can link to it. */
export function cardAnchors(snapshot: ContentSnapshot): Map<string, string> {
  const anchors = new Map<string, string>();
  for (const n of snapshot.notices) anchors.set(n.file, `notice-${n.id}`);
  for (const r of [...snapshot.preview, ...snapshot.stable]) anchors.set(r.file, `release-${r.version}`);
  // A served translation is shown on its original's card.
  for (const [id, byLanguage] of snapshot.noticeTranslations) for (const t of byLanguage.values()) anchors.set(t.file, `notice-${id}`);
  for (const byLanguage of snapshot.releaseTranslations.values()) for (const t of byLanguage.values()) anchors.set(t.file, `release-${t.version}`);
  for (const { file } of snapshot.issues) {
    if (!anchors.has(file) && (file.startsWith('notices/') || file.startsWith('changelog/'))) anchors.set(file, fileAnchor(file));
  }
  return anchors;
}
