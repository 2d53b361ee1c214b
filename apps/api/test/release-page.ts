/** Text of an HTML fragment: tags dropped, character references decoded. */
export const textOf = (html: string): string => html.replace(/<[^>]+>/g, '').replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');

/** The rows of a release's history table on the console's Releases page, newest first: [when, what, by, why]. */
export function historyOf(html: string, version: string): string[][] {
  const table = new RegExp(`<caption>History of ${version.replace(/\./g, '\\.')}</caption>[\\s\\S]*?<tbody>([\\s\\S]*?)</tbody>`).exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => textOf(cell[1]!)));
}

/** A release's section on the Releases page (its share, guard, forms and history), as HTML. */
export function rolloutSectionOf(html: string, version: string): string {
  return new RegExp(`<section class="rollout" id="rollout-${version.replace(/\./g, '\\.')}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
}
