/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) of short texts, in JavaScript, for the two
 * hashes an update check costs: an install's rollout bucket on every check, and its keyed id at
 * each adoption flush. The digests are node:crypto's, byte for byte (test/sha256.test.ts); what
 * differs is the cost of a call. Each node:crypto call goes through OpenSSL's EVP layers, most
 * likely evicted from the CPU caches by everything else a server runs between two checks: in the
 * service, one `hash('sha256', …)` cost an update check about ten times what it costs in a loop
 * (docs/SCALING.md). These functions are a few hundred bytes of JIT code, reuse their buffers
 * and allocate nothing but their answer. Not for secrets compared in constant time, nor for large inputs: node:crypto is
 * the right tool there.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const BLOCK = 64;

// Scratch, reused by every call (the functions never yield, so no two calls share them at once).
const schedule = new Int32Array(64);
const state = new Int32Array(8);
const encoder = new TextEncoder();
let message = new Uint8Array(256);

/** Runs the compression function over the 64 bytes of `bytes` at `at`, updating `h`. */
function compress(h: Int32Array, bytes: Uint8Array, at: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++, at += 4) w[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let k = h[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (k + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + k) | 0;
}

/** `message` holding at least `bytes` bytes, its first `kept` bytes kept when it grows. */
function room(bytes: number, kept = 0): Uint8Array {
  if (message.length < bytes) {
    const grown = new Uint8Array(Math.max(bytes, message.length * 2));
    grown.set(message.subarray(0, kept));
    message = grown;
  }
  return message;
}

/**
 * Hashes `length` bytes at the start of `bytes` into `h`, `h` holding the state after `before`
 * bytes already hashed (whole blocks): pads and compresses to the end. `bytes` must have room for
 * the padding (64 bytes beyond `length`).
 */
function finish(h: Int32Array, bytes: Uint8Array, length: number, before: number): void {
  const total = length + before;
  const end = (((length + 8) >>> 6) + 1) * BLOCK;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, end - 4);
  // The length in bits, big-endian in the last 8 bytes (the high word is 0 for any text here).
  const bits = total * 8;
  bytes[end - 4] = bits >>> 24;
  bytes[end - 3] = bits >>> 16;
  bytes[end - 2] = bits >>> 8;
  bytes[end - 1] = bits;
  for (let at = 0; at < end; at += BLOCK) compress(h, bytes, at);
}

/** Writes the UTF-8 of `text` into `bytes` at `at` (with room for it); the index after it. */
function put(bytes: Uint8Array, at: number, text: string): number {
  // ASCII (install ids, versions) byte by byte: TextEncoder costs more than the hash for a short text.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return at - i + encoder.encodeInto(text, bytes.subarray(at - i)).written!;
    bytes[at++] = code;
  }
  return at;
}

/** The UTF-8 of `text` at the start of the scratch message, with room for its padding; its length in bytes. */
function encode(text: string): number {
  return put(room(text.length * 3 + BLOCK + 8), 0, text);
}

/**
 * The first 32 bits of SHA-256 over the UTF-8 of `text`, followed by a newline and `line` when
 * given (`${text}\n${line}`, without making that string), as an unsigned number:
 * `digest.readUInt32BE(0)`.
 */
export function sha256First32(text: string, line?: string): number {
  let length = encode(text);
  if (line !== undefined) {
    const bytes = room(length + 1 + line.length * 3 + BLOCK + 8, length);
    bytes[length] = 0x0a;
    length = put(bytes, length + 1, line);
  }
  state.set(INITIAL);
  finish(state, message, length, 0);
  return state[0]! >>> 0;
}

/** A key made ready for HMAC-SHA-256: the states after its inner and outer pad blocks. */
export interface HmacKey {
  readonly inner: Int32Array;
  readonly outer: Int32Array;
}

export function hmacKey(secret: Uint8Array): HmacKey {
  let key = secret;
  if (key.length > BLOCK) {
    const h = Int32Array.from(INITIAL);
    const bytes = room(key.length + BLOCK + 8);
    bytes.set(key);
    finish(h, bytes, key.length, 0);
    key = digestBytes(h);
  }
  const pad = (byte: number) => {
    const block = new Uint8Array(BLOCK).fill(byte);
    for (let i = 0; i < key.length; i++) block[i]! ^= key[i]!;
    const h = Int32Array.from(INITIAL);
    compress(h, block, 0);
    return h;
  };
  return { inner: pad(0x36), outer: pad(0x5c) };
}

/** The digest `h` holds, as its 32 bytes. */
function digestBytes(h: Int32Array): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[i * 4] = h[i]! >>> 24;
    out[i * 4 + 1] = h[i]! >>> 16;
    out[i * 4 + 2] = h[i]! >>> 8;
    out[i * 4 + 3] = h[i]!;
  }
  return out;
}

/** HMAC-SHA-256 under `key` over the UTF-8 of `text`: the 32-byte digest. */
export function hmacSha256(key: HmacKey, text: string): Buffer {
  const length = encode(text);
  state.set(key.inner);
  finish(state, message, length, BLOCK);
  const inner = digestBytes(state);
  message.set(inner);
  state.set(key.outer);
  finish(state, message, inner.length, BLOCK);
  const digest = digestBytes(state);
  return Buffer.from(digest.buffer, digest.byteOffset, digest.length);
}

/**
 * The first 64 bits of SHA-256(key ⊕ ipad ‖ eight bytes), the inner hash of HMAC-SHA-256 under
 * `key`, into `out` as two unsigned words: one compression. For messages of one fixed length a
 * keyed prefix hash is as strong a MAC as HMAC (nothing can be appended to a message whose length
 * is fixed), at half the cost: what an install credential is checked with on every update check.
 */
export function keyedFirst64(key: HmacKey, bytes: Uint8Array, out: Uint32Array): void {
  for (let i = 0; i < 8; i++) message[i] = bytes[i]!;
  state.set(key.inner);
  finish(state, message, 8, BLOCK);
  out[0] = state[0]! >>> 0;
  out[1] = state[1]! >>> 0;
}
