/**
 * A map that holds at most `budget` bytes of values (as the caller sizes them), dropping the
 * least recently used first. Caches filled by anonymous requests (one entry per URL or query)
 * use it, so no sequence of requests can grow memory past the budget.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number; at: number }>();
  private used = 0;
  /** Counts insertions: an entry's `at` says how young it is. */
  private clock = 0;

  constructor(readonly budget: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting moves the key to the young end of the Map's insertion order; a hot entry
    // already in the younger half is left in place, so most hits cost one probe.
    if (this.clock - entry.at > this.entries.size >> 1) {
      this.entries.delete(key);
      entry.at = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** Stores `value` unless it alone exceeds the budget; older entries make room. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.budget) return;
    while (this.used + bytes > this.budget) this.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, bytes, at: ++this.clock });
    this.used += bytes;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A rough size of a cached value: string lengths (two bytes a character) plus a fixed overhead per object. */
export function approxBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + value.length * 2;
  if (value === null || typeof value !== 'object' || depth > 3) return 16;
  if (Buffer.isBuffer(value)) return 64 + value.length;
  const items = value instanceof Map ? [...value.values()] : Array.isArray(value) ? value : Object.values(value);
  return items.reduce<number>((sum, item) => sum + approxBytes(item, depth + 1), 64);
}
