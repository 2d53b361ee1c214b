import { createHash, createHmac, randomBytes } from 'node:crypto';
import { hmacKey, hmacSha256, keyedFirst64, sha256First32 } from '../src/sha256';

// The update check's hashes against node:crypto's: every length across the block and padding
// boundaries, non-ASCII text (its UTF-8 is hashed), and HMAC keys shorter than, as long as and
// longer than a block (a longer key is hashed first).

const texts = (): string[] => {
  const out: string[] = [];
  for (let length = 0; length <= 300; length++) out.push(randomBytes(length).toString('latin1').replace(/[^\x21-\x7e]/g, 'x'));
  out.push('install-0\n1.12.0', 'é', 'Zugriffstoken ist abgelaufen: ç, ñ, €, 🙂', '\u0000'.repeat(70), '🙂'.repeat(40));
  return out;
};

test('sha256First32 is the first four bytes of SHA-256, for texts of every length up to several blocks', () => {
  for (const text of texts()) expect([text, sha256First32(text)]).toEqual([text, createHash('sha256').update(text).digest().readUInt32BE(0)]);
});

test('sha256First32 of a text and a line is that of the two joined by a newline, the message growing between them', () => {
  const all = texts();
  for (const [i, text] of all.entries()) {
    const line = all[(i * 7) % all.length]!;
    expect([text, line, sha256First32(text, line)]).toEqual([text, line, sha256First32(`${text}\n${line}`)]);
  }
  // The scratch message grows while the line is written (its first part kept).
  const long = 'é'.repeat(5000);
  expect(sha256First32('install-0', long)).toBe(createHash('sha256').update(`install-0\n${long}`).digest().readUInt32BE(0));
});

test('hmacSha256 is HMAC-SHA-256, for keys of 0 to 200 bytes and texts of every length', () => {
  for (const keyLength of [0, 1, 16, 32, 63, 64, 65, 131, 200]) {
    const secret = randomBytes(keyLength);
    const key = hmacKey(secret);
    for (const text of texts()) expect([keyLength, text, hmacSha256(key, text).toString('hex')]).toEqual([keyLength, text, createHmac('sha256', secret).update(text).digest('hex')]);
  }
});

test('a digest is its own: the next call does not change the one returned before', () => {
  const key = hmacKey(randomBytes(32));
  const first = hmacSha256(key, 'install-1');
  const copy = Buffer.from(first);
  hmacSha256(key, 'install-2');
  sha256First32('install-3\n1.12.0');
  expect(first).toEqual(copy);
});

test("keyedFirst64 is the first 8 bytes of HMAC's inner hash, SHA-256(key ⊕ ipad ‖ message), over eight bytes", () => {
  const out = new Uint32Array(2);
  for (const keyLength of [16, 32, 64, 100]) {
    const secret = randomBytes(keyLength);
    const key = hmacKey(secret);
    const block = Buffer.alloc(64);
    (keyLength > 64 ? createHash('sha256').update(secret).digest() : secret).copy(block);
    for (let i = 0; i < 64; i++) block[i]! ^= 0x36;
    for (let n = 0; n < 50; n++) {
      const message = randomBytes(8);
      keyedFirst64(key, message, out);
      const expected = createHash('sha256').update(Buffer.concat([block, message])).digest();
      expect([out[0], out[1]]).toEqual([expected.readUInt32BE(0), expected.readUInt32BE(4)]);
    }
  }
});
