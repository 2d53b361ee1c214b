/**
 * How text becomes terms, alike for entries and queries (Lucene's analyzer chain: tokenizer,
 * lower case, stop words, stemmer). Words split on everything that is not a letter or a digit,
 * so `` `lsof` ``, `bind:` and `i/o` give `lsof`, `bind`, `i` and `o`.
 */

/** English function words and the words of a log line's frame (levels, `caused by`): they tell no entry apart. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'before', 'being', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'each', 'even', 'every', 'for', 'from', 'get', 'gets', 'getting', 'got', 'had', 'has', 'have', 'having',
  'he', 'her', 'here', 'him', 'his', 'how', 'i', 'if', 'im', 'in', 'into', 'is', 'it', 'its', 'just', 'me', 'my', 'of', 'on', 'only', 'or', 'our',
  'over', 'please', 'she', 'so', 'some', 'still', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'to',
  'too', 'us', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'why', 'will', 'with', 'would', 'you', 'your',
  // a complaint's frame
  'anymore', 'keeps', 'really', 'says', 'seems', 'something', 'suddenly', 'tells',
  // a log line's frame
  'caused', 'debug', 'err', 'error', 'erro', 'errors', 'eror', 'fatal', 'info', 'level', 'msg', 'trace', 'warn', 'warning', 'wrn',
]);

/** Suffixes a word sheds, longest first (a light English stemmer: word forms meet, meanings rarely do). */
const SUFFIXES = ['ations', 'ation', 'itions', 'ition', 'ating', 'ated', 'ates', 'ings', 'ing', 'ions', 'ion', 'ments', 'ment', 'ness', 'edly', 'ers', 'er', 'ed', 'es', 'ly', 'ate', 's'];

/**
 * The stem of a lower-cased word: `expired`, `expires`, `expiry` and `expiration` all give
 * `expir`; `refused` and `refusing` give `refus`. Words with digits, and words of three letters or
 * fewer, stay as they are. A stem is always the start of its word (only endings are taken off),
 * so a word's other forms are found under its stem in the index's tree of terms.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') || w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  for (const suffix of SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    // `class`, `status`, `analysis`: an s that does not make a plural stays.
    if (suffix === 's' && /(?:ss|us|is)$/.test(w)) break;
    w = w.slice(0, -suffix.length);
    // `dropped`, `running`: the doubled consonant goes with the ending (Porter's step 1b).
    if ((suffix === 'ed' || suffix === 'ing') && w.length > 3 && /([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
    break;
  }
  if (w.length > 3 && (w.endsWith('e') || w.endsWith('y'))) w = w.slice(0, -1);
  return w;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a text, lower-cased, in order; stop words included (a message is matched as a
 * whole). A word in camel case is its parts (`UnknownIssuer`: `unknown`, `issuer`), as Rust and
 * .NET print error kinds. Letters written decomposed (`a` and a combining diaeresis, as some
 * systems paste them) are composed first, so `lässt` is one word however it was typed.
 */
export function words(text: string): string[] {
  const composed = ASCII.test(text) ? text : text.normalize('NFC');
  return composed.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().match(WORD) ?? [];
}

/**
 * A word's term in the index: the word itself (its other forms are found at query time, see
 * planQuery, so the very word a query holds weighs more than another form of it); null for a stop
 * word or a single character.
 */
export function termOf(word: string): string | null {
  return word.length < 2 || STOP_WORDS.has(word) ? null : word;
}

/**
 * What is noise in a pasted log line: it names this customer's machine, not the error. Times and
 * dates, IP addresses (not their ports: a blocked port is a clue), UUIDs and hex ids, numbers
 * of six digits or more, durations and sizes. Each is replaced by a space before the query is split into words.
 */
const NOISE = [
  /\b\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?\b/gi,
  /\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g,
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+\d{1,2}\b/gi,
  /\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d+)?/gi,
  /\b(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{0,4}\b/gi,
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b(?:0x)?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi,
  // Six digits or more: a process id, a byte count, a time in seconds. Five stay: a port, and
  // Windows' socket errors (10048, 10060) are five digits.
  /\b\d{6,}(?:\.\d+)?\b/g,
  /\b\d+(?:\.\d+)?(?:ms|us|µs|ns|s|m|h|kb|mb|gb|kib|mib|gib|b)\b/gi,
];

/** The query with its noise blanked out (see NOISE). */
export function withoutNoise(q: string): string {
  let text = q;
  for (const pattern of NOISE) text = text.replace(pattern, ' ');
  return text;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SMALL_LETTER = /\p{Ll}/u;
const CAPITAL = /\p{Lu}/u;
const isWordChar = (text: string, at: number) => at >= 0 && at < text.length && WORD_CHAR.test(text[at]!);
/** Whether a word of `text` (as `words` splits it) starts at `at`: after a separator, or a capital after a small letter. */
const startsWord = (text: string, at: number) => !isWordChar(text, at - 1) || (SMALL_LETTER.test(text[at - 1]!) && CAPITAL.test(text[at]!));

/**
 * Adds to `into` the words of `text` whose term is one of `terms` and that it does not hold yet,
 * lower-cased, once each, in the order they appear: only the places a term starts a word are read,
 * not every word of the text. An English word's term is the word itself, so the word found is its term.
 */
export function wordsWithTerms(text: string, terms: readonly string[], into: string[]): void {
  if (ASCII.test(text)) return asciiWordsWithTerms(text, terms, into);
  const lower = text.toLowerCase();
  const found = lower.length !== text.length ? words(text).filter((word) => terms.includes(termOf(word) ?? '')) : termsAt(text, lower, terms);
  for (const word of found) if (!into.includes(word)) into.push(word);
}

/** The terms of `terms` that are words of `text` (`lower`, lower-cased to the same length), in the order they first appear. */
function termsAt(text: string, lower: string, terms: readonly string[]): string[] {
  const found: string[] = [];
  const foundAt: number[] = [];
  for (const term of terms) {
    if (termOf(term) !== term || found.includes(term)) continue;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      if (!startsWord(text, at)) continue;
      let end = at + 1;
      while (isWordChar(text, end) && !startsWord(text, end)) end++;
      // Not where the word ends: the word is another (`WebSocket` is `web` and `socket`).
      if (end !== at + term.length) continue;
      // Into its place by where it appears.
      let i = found.length;
      for (; i > 0 && foundAt[i - 1]! > at; i--) {
        found[i] = found[i - 1]!;
        foundAt[i] = foundAt[i - 1]!;
      }
      found[i] = term;
      foundAt[i] = at;
      break;
    }
  }
  return found;
}

const ASCII = /^[\x00-\x7f]*$/;
const isAsciiWordChar = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isAsciiCapital = (code: number) => code >= 65 && code <= 90;

/**
 * wordsWithTerms for text of ASCII characters alone (as most English text is), without a lower-cased
 * copy of it: its words are read in order (split as `words` splits them) and compared letter by
 * letter, upper case as lower, with the terms of their length.
 */
function asciiWordsWithTerms(text: string, terms: readonly string[], found: string[]): void {
  let at = 0;
  while (at < text.length) {
    if (!isAsciiWordChar(text.charCodeAt(at))) {
      at++;
      continue;
    }
    // A word runs to the next character that is not a letter or digit, or to a capital after a small letter.
    let end = at + 1;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (!isAsciiWordChar(code) || (isAsciiCapital(code) && text.charCodeAt(end - 1) >= 97)) break;
      end++;
    }
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      if (term.length === end - at && !found.includes(term) && sameLetters(text, at, term) && termOf(term) === term) found.push(term);
    }
    at = end;
  }
}

/** Whether `text` from `at` reads `term` (a lower-case term), its capitals taken as small letters. */
function sameLetters(text: string, at: number, term: string): boolean {
  for (let i = 0; i < term.length; i++) {
    const code = text.charCodeAt(at + i);
    if ((isAsciiCapital(code) ? code + 32 : code) !== term.charCodeAt(i)) return false;
  }
  return true;
}
