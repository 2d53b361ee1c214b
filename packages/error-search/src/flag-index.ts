/**
 * The catalogue's Flags: in code-unit order (the snapshot's order), so a prefix is one contiguous
 * run, and by number, so a code spelt another way (`auth 2004`, `net-3004`) or mistyped
 * (`PRT1001`, `TSL4002`) finds its Flag.
 */
export class FlagIndex {
  private flags: string[] = [];

  reset(flags: Iterable<string>): void {
    this.flags = [...flags].sort();
  }

  has(flag: string): boolean {
    return this.flags[this.lowerBound(flag)] === flag;
  }

  add(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] !== flag) this.flags.splice(at, 0, flag);
  }

  remove(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] === flag) this.flags.splice(at, 1);
  }

  /** The Flags that start with `prefix`, in order. */
  *withPrefix(prefix: string): Generator<string> {
    for (let i = this.lowerBound(prefix); i < this.flags.length && this.flags[i]!.startsWith(prefix); i++) yield this.flags[i]!;
  }

  /**
   * Flags within one typo of `code` (a character missing, added, changed, or two neighbours
   * swapped), in its letters or in its number, in order: each variant is looked up, so the cost
   * is a few hundred lookups whatever the size of the catalogue.
   */
  near(code: string): string[] {
    const letters = lettersOf(code);
    const number = code.slice(letters.length);
    const found = new Set<string>();
    for (const variant of oneTypo(letters, LETTERS)) if (variant !== '' && this.has(variant + number)) found.add(variant + number);
    for (const variant of oneTypo(number, DIGITS)) if (variant !== '' && this.has(letters + variant)) found.add(letters + variant);
    found.delete(code);
    return [...found].sort();
  }

  /** Index of the first Flag not below `flag`. */
  private lowerBound(flag: string): number {
    let lo = 0;
    let hi = this.flags.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.flags[mid]! < flag) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const lettersOf = (code: string) => code.replace(/[0-9]+$/, '');

/** Every string one edit from `text` over `alphabet`: a character dropped, added, changed, or two neighbours swapped. */
function* oneTypo(text: string, alphabet: string): Generator<string> {
  for (let i = 0; i < text.length; i++) {
    yield text.slice(0, i) + text.slice(i + 1);
    for (const c of alphabet) if (c !== text[i]) yield text.slice(0, i) + c + text.slice(i + 1);
    if (i + 1 < text.length && text[i] !== text[i + 1]) yield text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
  }
  for (let i = 0; i <= text.length; i++) for (const c of alphabet) yield text.slice(0, i) + c + text.slice(i);
}

/**
 * Codes in a query, however spelt: `TLS4002`, `tls 4002`, `net-3004`, `#auth_2004`, inside any
 * text. Upper-cased, letters joined to the number; in the order they appear.
 */
export function codesIn(q: string): string[] {
  const codes: string[] = [];
  for (const match of q.matchAll(/(?<![\p{L}\p{N}])([a-z]{2,})[\s_#:./-]{0,2}(\d{3,})(?![\p{L}\p{N}])/giu)) {
    const code = `${match[1]}${match[2]}`.toUpperCase();
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I' };
const AS_DIGIT: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * Codes typed with a letter for a lookalike digit or the other way round (`TLS4OO2`, `P0RT1001`,
 * `NET3OO4`): for each word of the query mixing letters and digits, every reading whose letters
 * are letters and whose number (three digits or more) is digits, O and 0, I, l and 1 swapped.
 */
export function lookalikeCodes(q: string): string[] {
  const codes: string[] = [];
  for (const [token] of q.matchAll(/[A-Za-z0-9]{5,32}/g)) {
    const upper = token.toUpperCase();
    if (!/\d/.test(upper)) continue;
    for (let at = 1; at <= upper.length - 3; at++) {
      const letters = [...upper.slice(0, at)].map((c) => AS_LETTER[c] ?? c).join('');
      const number = [...upper.slice(at)].map((c) => AS_DIGIT[c] ?? c).join('');
      const code = letters + number;
      if (/^[A-Z]+$/.test(letters) && /^[0-9]+$/.test(number) && code !== upper && !codes.includes(code)) codes.push(code);
    }
  }
  return codes;
}
