import { escapeHtml } from '@companion/html';

type Part = { kind: 'same' | 'gone' | 'new'; text: string };

/** Past this many word pairs, a field is shown as changed whole (the table stays quick to build). */
const MAX_PAIRS = 4_000_000;

/** Words and the spaces between them, so joining the parts gives the text back. */
const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** The words two texts share, in order (longest common subsequence), and what each side has alone. */
function wordParts(before: string, after: string): Part[] {
  const [a, b] = [tokens(before), tokens(after)];
  if (a.length * b.length > MAX_PAIRS) return [{ kind: 'gone', text: before }, { kind: 'new', text: after }];
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] = a[i] === b[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
  const parts: Part[] = [];
  const push = (kind: Part['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i * width + j + 1]! >= common[(i + 1) * width + j]!)) push('new', b[j++]!);
    else push('gone', a[i++]!);
  }
  return parts;
}

/** The two sides of a change as HTML: `before` with the words it lost in <del>, `after` with the words it gained in <ins>. */
export function wordDiff(before: string, after: string): { before: string; after: string } {
  const parts = wordParts(before, after);
  const side = (skip: Part['kind'], mark: Part['kind'], tag: string) =>
    parts
      .filter((p) => p.kind !== skip)
      .map((p) => (p.kind === mark && p.text.trim() !== '' ? `<${tag}>${escapeHtml(p.text)}</${tag}>` : escapeHtml(p.text)))
      .join('');
  return { before: side('new', 'gone', 'del'), after: side('gone', 'new', 'ins') };
}
