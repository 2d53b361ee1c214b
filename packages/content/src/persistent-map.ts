/**
 * An immutable string-keyed map whose `with` returns a changed copy that shares all but a few
 * small nodes with the original (a hash array mapped trie): a change costs the same at 30
 * entries as at 100,000, so a snapshot patched by one catalogue write does not copy the catalogue.
 *
 * get/has/size are O(1) in practice. Iteration is in key order (code-unit order, the order of
 * Flags): the sorted key list is built on the first iteration of each map and cached; when the
 * previous map's list is already built it is patched (one splice per changed key) instead of sorted.
 */
type Bucket<V> = readonly (readonly [string, V])[];
interface Branch<V> {
  readonly children: readonly (Trie<V> | undefined)[];
}
type Trie<V> = Branch<V> | Bucket<V>;

const BITS = 5;
const WIDTH = 1 << BITS;
/** A bucket splits into a branch beyond this many keys, unless the hash bits are used up. */
const BUCKET_MAX = 8;
const MAX_SHIFT = 30;

/** FNV-1a over UTF-16 code units: fast and well spread for short ASCII keys like Flags. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const isBucket = <V>(trie: Trie<V>): trie is Bucket<V> => Array.isArray(trie);

function lookup<V>(trie: Trie<V> | undefined, key: string, hash: number): V | undefined {
  for (let shift = 0; trie; shift += BITS) {
    if (isBucket(trie)) return trie.find((pair) => pair[0] === key)?.[1];
    trie = trie.children[(hash >>> shift) & (WIDTH - 1)];
  }
  return undefined;
}

/** `value` undefined removes the key. Returns the new trie and the change in size. */
function update<V>(trie: Trie<V> | undefined, key: string, hash: number, value: V | undefined, shift: number): [Trie<V> | undefined, number] {
  if (!trie || isBucket(trie)) {
    const bucket = trie ?? [];
    const at = bucket.findIndex((pair) => pair[0] === key);
    if (value === undefined) {
      if (at === -1) return [trie, 0];
      return [bucket.length === 1 ? undefined : bucket.filter((_, i) => i !== at), -1];
    }
    const next = at === -1 ? [...bucket, [key, value] as const] : bucket.map((pair, i) => (i === at ? ([key, value] as const) : pair));
    if (next.length <= BUCKET_MAX || shift >= MAX_SHIFT) return [next, at === -1 ? 1 : 0];
    let branch: Trie<V> = { children: new Array<undefined>(WIDTH).fill(undefined) };
    for (const [k, v] of next) branch = update(branch, k, hashKey(k), v, shift)[0]!;
    return [branch, 1];
  }
  const slot = (hash >>> shift) & (WIDTH - 1);
  const [child, delta] = update(trie.children[slot], key, hash, value, shift + BITS);
  if (child === trie.children[slot]) return [trie, delta];
  const children = trie.children.slice();
  children[slot] = child;
  return [{ children }, delta];
}

function collectKeys<V>(trie: Trie<V> | undefined, into: string[]): void {
  if (!trie) return;
  if (isBucket(trie)) for (const [key] of trie) into.push(key);
  else for (const child of trie.children) collectKeys(child, into);
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Index of `key` in sorted `keys`, or where it would go. */
function searchSorted(keys: readonly string[], key: string): number {
  let [lo, hi] = [0, keys.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class PersistentMap<V> implements ReadonlyMap<string, V> {
  static readonly empty = new PersistentMap<never>(undefined, 0, null);
  private sorted: string[] | undefined;

  private constructor(
    private readonly root: Trie<V> | undefined,
    readonly size: number,
    /** The map this one was made from and the keys that differ, while its key order may help. */
    private base: { map: PersistentMap<V>; changed: readonly string[] } | null,
  ) {}

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    return (PersistentMap.empty as PersistentMap<V>).with(entries);
  }

  /** A copy with each `[key, value]` set, or removed where the value is undefined. */
  with(changes: Iterable<readonly [string, V | undefined]>): PersistentMap<V> {
    let [root, size] = [this.root, this.size];
    const changed: string[] = [];
    for (const [key, value] of changes) {
      const [next, delta] = update(root, key, hashKey(key), value, 0);
      if (next !== root) changed.push(key);
      [root, size] = [next, size + delta];
    }
    if (changed.length === 0) return this;
    // Keep a link to this map only while its key order is worth patching; otherwise a chain of
    // never-iterated maps would keep every old version alive.
    const useful = this.sorted !== undefined && changed.length < 64;
    return new PersistentMap(root, size, useful ? { map: this, changed } : null);
  }

  get(key: string): V | undefined {
    return lookup(this.root, key, hashKey(key));
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Keys in code-unit order (built once per map). */
  sortedKeys(): readonly string[] {
    if (this.sorted) return this.sorted;
    const base = this.base?.map.sorted;
    if (base && this.base) {
      const keys = base.slice();
      for (const key of this.base.changed) {
        const at = searchSorted(keys, key);
        const present = keys[at] === key;
        if (present && !this.has(key)) keys.splice(at, 1);
        else if (!present && this.has(key)) keys.splice(at, 0, key);
      }
      this.sorted = keys;
    } else {
      const keys: string[] = [];
      collectKeys(this.root, keys);
      this.sorted = keys.sort(compareKeys);
    }
    this.base = null;
    return this.sorted;
  }

  *entries(): MapIterator<[string, V]> {
    for (const key of this.sortedKeys()) yield [key, this.get(key)!];
  }

  *keys(): MapIterator<string> {
    yield* this.sortedKeys();
  }

  *values(): MapIterator<V> {
    for (const key of this.sortedKeys()) yield this.get(key)!;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
