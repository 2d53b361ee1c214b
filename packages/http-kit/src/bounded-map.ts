/**
 * A map that holds at most `budget` bytes of values (as the caller sizes them), dropping the
 * least recently used first (approximately: an entry read since it was stored, or since it was
 * last given a second chance, is kept once more when its turn to go comes, as in the CLOCK
 * algorithm). Caches filled by anonymous requests (one entry per URL or query) use it, so no
 * sequence of requests can grow memory past the budget.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number; used: boolean }>();
  private used = 0;

  constructor(readonly budget: number) {}

  /** A hit costs one probe and a flag: reads never reorder the map. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** Stores `value` unless it alone exceeds the budget; older entries make room. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.budget) return;
    while (this.used + bytes > this.budget) this.dropOldest();
    this.entries.set(key, { value, bytes, used: false });
    this.used += bytes;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  /** Drops the oldest entry not read since its last chance; those read go to the young end, unmarked. */
  private dropOldest(): void {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      if (!entry.used) {
        this.used -= entry.bytes;
        return;
      }
      entry.used = false;
      this.entries.set(key, entry);
    }
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
