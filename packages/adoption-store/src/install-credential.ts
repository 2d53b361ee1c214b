import { randomBytes } from 'node:crypto';
import { hmacKey, hmacSha256, type HmacKey } from '@companion/sha256';

const DAY_MS = 86_400_000;
/** A UUID of version 8 (RFC 9562's custom layout), lower case as the service writes it. */
const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Install credentials: ids the service issues and can verify without keeping them, shaped as a
 * UUID so every updater takes them as its install id (electron-updater's `.updaterId` must be a
 * UUID). Sixteen bytes: the UTC day of issue (2 bytes, days since 1970), 44 random bits around
 * the version nibble, then 62 bits of HMAC-SHA-256 under the credential key over the first eight
 * bytes (around the variant bits). Forging one is guessing 62 bits; verifying one is one HMAC.
 */
export class InstallCredentials {
  private readonly key: HmacKey;

  constructor(credentialKey: Uint8Array) {
    this.key = hmacKey(credentialKey);
  }

  /** A new credential issued on the day of `nowMs`. */
  issue(nowMs: number, random: Uint8Array = randomBytes(6)): string {
    const head = Buffer.alloc(8);
    head.writeUInt16BE(Math.floor(nowMs / DAY_MS), 0);
    head.set(random.subarray(0, 6), 2);
    head[6] = (head[6]! & 0x0f) | 0x80;
    const tail = this.mac(head.toString('hex'));
    const hex = head.toString('hex') + tail.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The day number (days since 1970, UTC) a credential was issued on; null for an id the service did not issue. */
  issuedOn(id: string): number | null {
    if (id.length !== 36 || !SHAPE.test(id)) return null;
    const head = id.slice(0, 8) + id.slice(9, 13) + id.slice(14, 18);
    const tail = this.mac(head);
    const given = Buffer.from(id.slice(19, 23) + id.slice(24), 'hex');
    let difference = 0;
    for (let i = 0; i < 8; i++) difference |= tail[i]! ^ given[i]!;
    return difference === 0 ? Number.parseInt(head.slice(0, 4), 16) : null;
  }

  /** The eight tail bytes for a head (as hex): the MAC with the variant bits set. */
  private mac(headHex: string): Buffer {
    const tail = hmacSha256(this.key, headHex).subarray(0, 8);
    tail[0] = (tail[0]! & 0x3f) | 0x80;
    return tail;
  }
}

/** The day number (days since 1970, UTC) of a time in ms. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);
