/** A cached answer and the strong ETag it came with. */
export interface CachedAnswer {
  etag: string;
  body: unknown;
}

/**
 * The answers to the latest GETs, keyed by URL and Accept, so a request can send If-None-Match
 * and take a 304 as "the same as before". Bounded: the least recently used entry goes first.
 */
export class RevalidationCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(private readonly limit: number) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place: a Map iterates in insertion order, oldest first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedAnswer): void {
    if (this.limit <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
