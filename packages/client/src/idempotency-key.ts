/**
 * A new Idempotency-Key: a UUIDv7 (RFC 9562), whose first 48 bits are the time it was made, so
 * the service can tell a key made before its data was restored from a backup (whose first answer
 * the restore may have undone) from a new one; the other 74 bits are random.
 */
export function newIdempotencyKey(now = Date.now()): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(now / 2 ** (8 * (5 - i))) & 0xff;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
