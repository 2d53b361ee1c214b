/** Items both people changed differently: the merged list holds `mine` at `at`, `theirs` is the other text. */
export interface ItemClash {
  /** Where `mine` starts in the merged list (0-based). */
  at: number;
  base: string[];
  theirs: string[];
  mine: string[];
}

export interface MergedList {
  items: string[];
  clashes: ItemClash[];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** For each item of `base`, its index in `other` where the two lists share it (longest common subsequence), else -1. */
function shared(base: readonly string[], other: readonly string[]): number[] {
  const width = other.length + 1;
  const common = new Uint32Array((base.length + 1) * width);
  for (let i = base.length - 1; i >= 0; i--)
    for (let j = other.length - 1; j >= 0; j--)
      common[i * width + j] = base[i] === other[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
  const matched = new Array<number>(base.length).fill(-1);
  let [i, j] = [0, 0];
  while (i < base.length && j < other.length) {
    if (base[i] === other[j]) matched[i++] = j++;
    else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) i++;
    else j++;
  }
  return matched;
}

/**
 * A three-way merge of a list, item by item, as diff3 merges lines: items both sides kept in
 * place anchor the lists; between anchors, a stretch only one side changed takes that side's
 * items, items both added are all kept (theirs first), and where both changed the same items
 * differently, item for item when the stretch kept its length, the clash covers only those items.
 */
export function mergeList(base: readonly string[], theirs: readonly string[], mine: readonly string[]): MergedList {
  const merged: MergedList = { items: [], clashes: [] };
  const stretch = (b: string[], t: string[], m: string[]) => {
    if (same(m, b) || same(m, t)) merged.items.push(...t);
    else if (same(t, b)) merged.items.push(...m);
    else if (b.length === 0) merged.items.push(...t, ...m.filter((item) => !t.includes(item)));
    else if (b.length === t.length && b.length === m.length)
      b.forEach((was, k) => {
        if (m[k] === was || m[k] === t[k]) merged.items.push(t[k]!);
        else if (t[k] === was) merged.items.push(m[k]!);
        else {
          merged.clashes.push({ at: merged.items.length, base: [was], theirs: [t[k]!], mine: [m[k]!] });
          merged.items.push(m[k]!);
        }
      });
    else {
      merged.clashes.push({ at: merged.items.length, base: b, theirs: t, mine: m });
      merged.items.push(...m);
    }
  };
  const [inTheirs, inMine] = [shared(base, theirs), shared(base, mine)];
  let [b, t, m] = [0, 0, 0];
  base.forEach((item, i) => {
    const [ti, mi] = [inTheirs[i]!, inMine[i]!];
    if (ti < t || mi < m) return;
    stretch(base.slice(b, i), theirs.slice(t, ti), mine.slice(m, mi));
    merged.items.push(item);
    [b, t, m] = [i + 1, ti + 1, mi + 1];
  });
  stretch(base.slice(b), theirs.slice(t), mine.slice(m));
  return merged;
}
