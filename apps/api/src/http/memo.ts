/**
 * Caches values derived from an immutable object (a content snapshot), so a GET serialises its
 * data once per snapshot rather than once per request.
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

/** Like memoPerSnapshot, keyed also by a string (a version, an id, a query). Bounded per snapshot. */
export function memoPerSnapshotKey<S extends object, V>(derive: (snapshot: S, key: string) => V, maxKeys = 1000): (snapshot: S, key: string) => V {
  const cache = new WeakMap<S, Map<string, V>>();
  return (snapshot, key) => {
    let byKey = cache.get(snapshot);
    if (!byKey) cache.set(snapshot, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) {
      value = derive(snapshot, key);
      if (byKey.size >= maxKeys) byKey.delete(byKey.keys().next().value!);
      byKey.set(key, value);
    }
    return value;
  };
}
