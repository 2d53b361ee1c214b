import { ORIGINAL_LANGUAGE } from '@companion/schema';

/** At most this many Accept-Language entries are read: a header of hundreds says nothing more. */
const MAX_RANGES = 12;

/**
 * The languages a request asks for, most wanted first, lower case, each followed by its parents
 * (`de-at`, then `de`): `lang=` alone when given, else Accept-Language by quality (ties keep their
 * order; `q=0` and `*` ask for nothing). Null when the request asks for no language.
 */
export function languagePreferences(lang: string | undefined, acceptLanguage: string | undefined): string[] | null {
  let wanted: string[];
  if (lang !== undefined) wanted = [lang.toLowerCase()];
  else if (acceptLanguage === undefined || acceptLanguage.trim() === '') return null;
  else {
    const ranges: { tag: string; q: number; at: number }[] = [];
    for (const part of acceptLanguage.split(',').slice(0, MAX_RANGES)) {
      const [range, ...params] = part.split(';');
      const tag = range!.trim().toLowerCase();
      if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) continue;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      if (Number.isFinite(q) && q > 0 && q <= 1) ranges.push({ tag, q, at: ranges.length });
    }
    // `*` alone (what fetch sends by default) asks for no language in particular.
    if (ranges.length === 0) return null;
    ranges.sort((a, b) => b.q - a.q || a.at - b.at);
    wanted = ranges.map((r) => r.tag);
  }
  const chain: string[] = [];
  for (const tag of wanted) {
    const parts = tag.split('-');
    for (let n = parts.length; n >= 1; n--) {
      const candidate = parts.slice(0, n).join('-');
      if (!chain.includes(candidate)) chain.push(candidate);
    }
  }
  return chain;
}

/**
 * The language an answer is given in: the first preference the content is available in (its
 * translations' languages, keyed lower case, or the originals' own), else the original.
 */
export function chooseLanguage(preferences: readonly string[], available: ReadonlyMap<string, string>): string {
  for (const tag of preferences) {
    if (tag === ORIGINAL_LANGUAGE) return ORIGINAL_LANGUAGE;
    const found = available.get(tag);
    if (found !== undefined) return found;
  }
  return ORIGINAL_LANGUAGE;
}

/** `Content-Language` of an answer whose items are in `languages`: those present, the chosen one first. */
export function contentLanguage(chosen: string, languages: Iterable<string>): string {
  const present = [...new Set(languages)];
  if (present.length === 0) return chosen;
  return present.sort((a, b) => Number(b === chosen) - Number(a === chosen)).join(', ');
}
