import { approxBytes, BoundedMap } from './bounded-map';

/**
 * Caches values derived from an immutable object (a content snapshot, or one slice of it), so a
 * GET serialises its data once per snapshot rather than once per request.
 */
export function memoPerSnapshot<S extends object, V>(derive: (snapshot: S) => V): (snapshot: S) => V {
  const cache = new WeakMap<S, V>();
  return (snapshot) => {
    let value = cache.get(snapshot);
    if (value === undefined) {
      value = derive(snapshot);
      cache.set(snapshot, value);
    }
    return value;
  };
}

/**
 * Like memoPerSnapshot, keyed also by a string (a version, an id, a query). Each snapshot's
 * values are bounded in bytes (keys included), so requests with ever new keys cannot grow it.
 */
export function memoPerSnapshotKey<S extends object, V>(derive: (snapshot: S, key: string) => V, budgetBytes = 4 * 1024 * 1024): (snapshot: S, key: string) => V {
  const cache = new WeakMap<S, BoundedMap<string, V>>();
  return (snapshot, key) => {
    let byKey = cache.get(snapshot);
    if (!byKey) cache.set(snapshot, (byKey = new BoundedMap(budgetBytes)));
    let value = byKey.get(key);
    if (value === undefined) {
      value = derive(snapshot, key);
      byKey.set(key, value, approxBytes(key) + approxBytes(value));
    }
    return value;
  };
}
