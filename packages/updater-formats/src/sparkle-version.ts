/**
 * Sparkle's SUStandardVersionComparator (Sparkle/SUStandardVersionComparator.m): how Sparkle 2
 * orders `sparkle:version` against the app's CFBundleVersion. A version splits into runs of
 * digits, of letters and single separators (`.`, punctuation, whitespace, all alike); everything
 * from the first `-` on is ignored (`1.12.0-beta.1` equals `1.12.0`); leading numbers are padded
 * with zeros to the same length (`1.0` equals `1.0.0`); numbers compare as numbers, letters as
 * text; a number beats letters (`1.0` is newer than `1.0b1`), and of two versions equal up to the
 * shorter one's end, the longer wins when its next part is a number or separator and loses when it
 * is letters.
 */

type Kind = 'number' | 'string' | 'separator';

const kindOf = (c: string): Kind => (/\d/.test(c) ? 'number' : /[.\p{P}\p{Z}\s]/u.test(c) && c !== '-' ? 'separator' : 'string');

function split(version: string): string[] {
  const parts: string[] = [];
  if (version.length === 0) return parts;
  let part = version[0]!;
  let kind = kindOf(part);
  for (const c of version.slice(1)) {
    if (c === '-') break;
    const next = kindOf(c);
    if (next !== kind || kind === 'separator') {
      parts.push(part);
      part = c;
    } else part += c;
    kind = next;
  }
  parts.push(part);
  return parts;
}

/** The count of number and period parts a version starts with (balanceVersionPartsA:partsB:). */
const leadingNumbers = (parts: readonly string[]) => {
  let n = 0;
  while (n < parts.length && (kindOf(parts[n]![0]!) === 'number' || parts[n] === '.')) n++;
  return n;
};

function balance(a: string[], b: string[]): void {
  const [na, nb] = [leadingNumbers(a), leadingNumbers(b)];
  const [shorter, longer, from, to] = na > nb ? [b, a, nb, na] : [a, b, na, nb];
  for (let i = from; i < to; i++) shorter.splice(i, 0, longer[i] === '.' ? '.' : '0');
}

/** -1 when `a` is older than `b`, 1 when newer, 0 when Sparkle takes them as the same version. */
export function compareSparkleVersions(a: string, b: string): -1 | 0 | 1 {
  const [pa, pb] = [split(a), split(b)];
  balance(pa, pb);
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const [x, y] = [pa[i]!, pb[i]!];
    const [kx, ky] = [kindOf(x[0]!), kindOf(y[0]!)];
    if (kx === ky) {
      if (kx === 'number') {
        const [vx, vy] = [BigInt(x), BigInt(y)];
        if (vx !== vy) return vx > vy ? 1 : -1;
      } else if (kx === 'string' && x !== y) return x > y ? 1 : -1;
    } else if (kx !== 'string' && ky === 'string') return 1;
    else if (kx === 'string' && ky !== 'string') return -1;
    else return kx === 'number' ? 1 : -1;
  }
  if (pa.length === pb.length) return 0;
  const longerIsA = pa.length > pb.length;
  const missing = (longerIsA ? pa : pb)[n]!;
  const longerWins = kindOf(missing[0]!) !== 'string';
  return longerIsA === longerWins ? 1 : -1;
}
