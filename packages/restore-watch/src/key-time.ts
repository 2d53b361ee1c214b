/** A UUIDv7 (RFC 9562): its first 48 bits are the Unix time in milliseconds it was made. */
const UUID_V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** When a key was made, ms since the epoch, when it is a UUIDv7; null for any other key. */
export function keyTime(key: string): number | null {
  const match = UUID_V7.exec(key);
  return match ? Number.parseInt(`${match[1]}${match[2]}`, 16) : null;
}
