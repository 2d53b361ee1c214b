/**
 * Text as an e-mail address in it is compared: each character with the combining marks on it
 * (a cluster) in its compatibility decomposition (NFKD), lower case, its format characters (a
 * zero-width space, a soft hyphen, a joiner) dropped, and `%40` read as `@`. So the fullwidth
 * `ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ`, the decomposed `jo\u0308rg@exa\u0308mple.de` macOS writes and the
 * composed `jörg@exämple.de` compare alike, and an address followed by a combining mark
 * (`pat@example.org\u0301`) still holds the address: decomposed, the mark no longer hides the
 * letter it sits on. Each folded unit knows the whole cluster it came from, so a match is
 * replaced cluster by cluster, never half a character.
 */
export interface FoldedText {
  text: string;
  /** For each UTF-16 unit of `text`: the start and end (exclusive) of the original it folds. */
  from: number[];
  to: number[];
}

const FORMAT = /\p{Cf}/gu;
const ASCII = /^[\x00-\x7f]*$/;
/** A character and the marks on it (Intl.Segmenter takes time quadratic in the text's length). */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

/** A cluster as compared. */
const foldCluster = (cluster: string): string => cluster.replace(FORMAT, '').normalize('NFKD').toLowerCase().normalize('NFKD');

/** `%40` at `at` (a percent-encoded `@`, as in `mailto:` links). */
const percentAt = (text: string, at: number): boolean => text.charCodeAt(at) === 0x25 && text.charCodeAt(at + 1) === 0x34 && text.charCodeAt(at + 2) === 0x30;

export function foldText(text: string): FoldedText {
  const folded: FoldedText = { text: '', from: [], to: [] };
  const push = (piece: string, start: number, end: number) => {
    for (let k = 0; k < piece.length; k++) {
      folded.from.push(start);
      folded.to.push(end);
    }
    folded.text += piece;
  };
  // Plain ASCII (most text) is its own clusters; only its letter case folds.
  const pieces: Iterable<{ segment: string; index: number }> = ASCII.test(text) ? Array.from(text, (segment, index) => ({ segment, index })) : Array.from(text.matchAll(CLUSTER), (m) => ({ segment: m[0], index: m.index }));
  let skipTo = 0;
  for (const { segment, index } of pieces) {
    if (index < skipTo) continue;
    if (percentAt(text, index)) {
      push('@', index, index + 3);
      skipTo = index + 3;
    } else {
      push(foldCluster(segment), index, index + segment.length);
    }
  }
  return folded;
}

/**
 * Every way raw text writes what folds to `@`: a text without one of these holds no address
 * (what a database can look for before foldText decides, whatever its locale).
 */
export const AT_WRITINGS: readonly string[] = ['@', '\uFE6B', '\uFF20', '%40'];

/**
 * An address as the folded text writes it: a local part, `@` and a dotted domain, of letters,
 * marks and digits in any script. What search analytics blank before counting a query.
 */
const FOLDED_ADDRESS = /[\p{L}\p{M}\p{N}._%+'-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;

/** The spans (start, end) of `text` that write some e-mail address, in any form foldText reads alike. */
export function addressSpans(text: string): [number, number][] {
  const folded = foldText(text);
  return Array.from(folded.text.matchAll(FOLDED_ADDRESS), (m) => [folded.from[m.index]!, folded.to[m.index + m[0].length - 1]!] as [number, number]);
}
