/**
 * The catalogue's Flags: in code-unit order (the snapshot's order), so a prefix is one contiguous
 * run, and by number, so a code spelt another way (`auth 2004`, `net-3004`) or mistyped
 * (`PRT1001`, `TSL4002`) finds its Flag.
 */
export class FlagIndex {
  private flags: string[] = [];
  /** Per letters a Flag starts with (`TLS` of `TLS4002`), how many Flags do. */
  private letters = new Map<string, number>();

  reset(flags: Iterable<string>): void {
    this.flags = [...flags].sort();
    this.letters = new Map();
    for (const flag of this.flags) this.countLetters(flag, 1);
  }

  has(flag: string): boolean {
    return this.flags[this.lowerBound(flag)] === flag;
  }

  add(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] === flag) return;
    this.flags.splice(at, 0, flag);
    this.countLetters(flag, 1);
  }

  remove(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] !== flag) return;
    this.flags.splice(at, 1);
    this.countLetters(flag, -1);
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
    // A typo in the letters: only the letters Flags start with can be what was meant, so those are
    // compared with the code's rather than every misspelling of it looked up.
    for (const known of this.letters.keys()) if (known !== letters && ONLY_LETTERS.test(known) && oneEditApart(known, letters) && this.has(known + number)) found.add(known + number);
    if (this.letters.has(letters)) for (const variant of oneTypo(number, DIGITS)) if (variant !== '' && this.has(letters + variant)) found.add(letters + variant);
    found.delete(code);
    return [...found].sort();
  }

  private countLetters(flag: string, by: 1 | -1): void {
    const letters = lettersOf(flag);
    const count = (this.letters.get(letters) ?? 0) + by;
    if (count > 0) this.letters.set(letters, count);
    else this.letters.delete(letters);
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

const DIGITS = '0123456789';
const ONLY_LETTERS = /^[A-Z]+$/;
const lettersOf = (code: string) => code.replace(/[0-9]+$/, '');

/** Whether two different strings are one edit apart: a character dropped, added, changed, or two neighbours swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

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
