/**
 * Where the revalidation cache keeps answers between app starts: a small key-value store of
 * strings. Methods may be synchronous (localStorage) or asynchronous (a file, IndexedDB).
 * A store that fails is treated as empty: the cache is an optimisation, never a reason to fail a call.
 */
export interface CacheStorage {
  get(key: string): string | undefined | null | Promise<string | undefined | null>;
  set(key: string, value: string): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/** The part of the Web Storage API the adapter uses (`window.localStorage` has it). */
export interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A CacheStorage over `localStorage` for renderers and browsers. Keys are prefixed so the
 * app's own entries are never touched; a full quota (setItem throws) keeps the answer in memory only.
 */
export function localStorageCache(prefix = 'companion-cache:', storage: WebStorage = (globalThis as { localStorage?: WebStorage }).localStorage!): CacheStorage {
  if (!storage) throw new TypeError('localStorageCache: no localStorage here (pass one, or use fileCache from @companion/client/node)');
  return {
    get: (key) => storage.getItem(prefix + key),
    set: (key, value) => storage.setItem(prefix + key, value),
    delete: (key) => storage.removeItem(prefix + key),
  };
}
