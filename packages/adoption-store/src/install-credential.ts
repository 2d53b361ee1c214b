import { randomBytes } from 'node:crypto';
import { hmacKey, keyedFirst64, type HmacKey } from '@companion/sha256';

const DAY_MS = 86_400_000;
/** Lower-case hex digit values by character code; -1 for any other character. */
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = i;
/** Where the 16 bytes' hex digits stand in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const DIGITS = [...'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'].flatMap((c, i) => (c === 'x' ? [i] : []));
const DASHES = [8, 13, 18, 23];

/**
 * Install credentials: ids the service issues and can verify without keeping them, shaped as a
 * UUID so every updater takes them as its install id (electron-updater keeps `.updaterId` only
 * when it is a UUID). Sixteen bytes: the UTC day of issue (2 bytes, days since 1970), 44 random
 * bits around the version nibble (8), then 62 bits of a keyed hash under the credential key over
 * the first eight bytes, around the variant bits. Forging one is guessing 62 bits; checking one
 * is one SHA-256 compression, without allocating: it runs on every update check.
 */
export class InstallCredentials {
  private readonly key: HmacKey;
  private readonly bytes = new Uint8Array(16);
  private readonly mac = new Uint32Array(2);

  constructor(credentialKey: Uint8Array) {
    this.key = hmacKey(credentialKey);
  }

  /** A new credential issued on the day of `nowMs`. */
  issue(nowMs: number, random: Uint8Array = randomBytes(6)): string {
    const bytes = Buffer.alloc(16);
    bytes.writeUInt16BE(Math.floor(nowMs / DAY_MS), 0);
    bytes.set(random.subarray(0, 6), 2);
    bytes[6] = (bytes[6]! & 0x0f) | 0x80;
    this.sign(bytes);
    bytes.writeUInt32BE(this.mac[0]!, 8);
    bytes.writeUInt32BE(this.mac[1]!, 12);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The day number (days since 1970, UTC) a credential was issued on; null for an id the service did not issue. */
  issuedOn(id: string): number | null {
    if (id.length !== 36) return null;
    for (const at of DASHES) if (id.charCodeAt(at) !== 0x2d) return null;
    const bytes = this.bytes;
    for (let i = 0; i < 16; i++) {
      const high = HEX[id.charCodeAt(DIGITS[i * 2]!)] ?? -1;
      const low = HEX[id.charCodeAt(DIGITS[i * 2 + 1]!)] ?? -1;
      if (high < 0 || low < 0) return null;
      bytes[i] = (high << 4) | low;
    }
    if (bytes[6]! >>> 4 !== 8) return null;
    this.sign(bytes);
    const given0 = ((bytes[8]! << 24) | (bytes[9]! << 16) | (bytes[10]! << 8) | bytes[11]!) >>> 0;
    const given1 = ((bytes[12]! << 24) | (bytes[13]! << 16) | (bytes[14]! << 8) | bytes[15]!) >>> 0;
    return given0 === this.mac[0] && given1 === this.mac[1] ? (bytes[0]! << 8) | bytes[1]! : null;
  }

  /** The MAC of the first eight bytes into `this.mac`, with the UUID's variant bits (10) set. */
  private sign(bytes: Uint8Array): void {
    keyedFirst64(this.key, bytes, this.mac);
    this.mac[0] = ((this.mac[0]! & 0x3fffffff) | 0x80000000) >>> 0;
  }
}

/** The day number (days since 1970, UTC) of a time in ms. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);
