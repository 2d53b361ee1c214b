/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Caches a rendering per object: unchanged files keep their parsed objects across reloads. */
export function memoByObject<K extends object, V>(render: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = render(key)));
    return value;
  };
}
