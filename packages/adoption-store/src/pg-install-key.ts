/** A hash as the recorder writes it: 16 bytes in base64url, 22 characters (the last carries 2 bits). */
const HASHED = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/**
 * The bytes PostgreSQL keeps for an install (or network) hash: the 16 bytes themselves, 7 fewer
 * than the text in every row and index entry of the biggest tables. Any other text (ids written
 * by hand, in tests) keeps its UTF-8 bytes, made 17 long where they would be 16, so no two texts
 * share a key. Migration 4 does the same in SQL for the rows it moves.
 */
export function installKey(install: string): Buffer {
  if (HASHED.test(install)) return Buffer.from(install, 'base64url');
  const bytes = Buffer.from(install, 'utf8');
  return bytes.length === 16 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
}

