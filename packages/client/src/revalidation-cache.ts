import type { CacheStorage } from './storage.js';

/** A cached answer and the strong ETag it came with. */
export interface CachedAnswer {
  etag: string;
  body: unknown;
}

/**
 * The answers to the latest GETs, keyed by URL and Accept, so a request can send If-None-Match
 * and take a 304 as "the same as before". Bounded: the least recently used entry goes first.
 * With a storage, answers to requests without a credential are also kept there, so the next app
 * start revalidates instead of asking afresh (answers for a credential stay in memory only, so no
 * scoped data reaches the disk).
 */
export class RevalidationCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(
    private readonly limit: number,
    private readonly storage?: CacheStorage,
  ) {}

  async get(key: string, persistent: boolean): Promise<CachedAnswer | undefined> {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place: a Map iterates in insertion order, oldest first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    if (!persistent || !this.storage || this.limit <= 0) return undefined;
    try {
      const text = await this.storage.get(key);
      const stored = text ? (JSON.parse(text) as CachedAnswer) : undefined;
      if (stored && typeof stored.etag === 'string') {
        this.remember(key, stored);
        return stored;
      }
    } catch {
      // An unreadable or damaged entry is a miss.
    }
    return undefined;
  }

  async set(key: string, entry: CachedAnswer, persistent: boolean): Promise<void> {
    if (this.limit <= 0) return;
    this.remember(key, entry);
    if (persistent && this.storage) await Promise.resolve(this.storage.set(key, JSON.stringify(entry))).catch(() => undefined);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
    if (this.storage) await Promise.resolve(this.storage.delete(key)).catch(() => undefined);
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, entry: CachedAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}
