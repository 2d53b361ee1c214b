// Imported rather than read from globalThis, where `Buffer` is a getter paid on every use: a tail is made per response.
import { Buffer } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, crc32, deflateRaw, deflateRawSync, gzip, gzipSync } from 'node:zlib';
import { writeStamp } from './stamp';

/**
 * Compressed answers whose middle (the envelope's timestamp) changes per response, without
 * compressing per response. The part before the stamp is compressed once and flushed to a byte
 * boundary; each response appends the stamp uncompressed and the part after it, then closes the
 * stream. gzip: a deflate stream ended by Z_SYNC_FLUSH, a stored block with the stamp, the
 * suffix deflated on its own (deflate blocks may follow any byte-aligned block), and the
 * trailer's CRC-32 continued over stamp and suffix. brotli: a stream ended by
 * BROTLI_OPERATION_FLUSH, then one uncompressed meta-block (stamp and suffix) and an empty last
 * one. The cost per response is a CRC over a few dozen bytes and one small buffer, with the stamp
 * written into it as bytes.
 */
export interface SplicedBody {
  /** Everything up to the stamp, compressed once. */
  head: Buffer;
  /** The whole answer stamped with an instant (microseconds since the epoch, as stampOf formats it): head, then this. */
  tail(micros: number): Buffer;
  /** Bytes of the whole answer (stamps have a fixed length). */
  length: number;
}

export const STAMP_LENGTH = 26;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * CRC-32 (the gzip trailer's) by table, for the stamp and a short suffix: a few dozen bytes cost
 * less here than a call into zlib. A longer suffix (the service index's list) goes to zlib.
 */
const SHORT_SUFFIX = 256;
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** zlib's crc32(bytes[start, end), crc): the CRC of what `crc` covered, continued over the bytes. */
function crc32Continued(bytes: Uint8Array, start: number, end: number, crc: number): number {
  let c = ~crc;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/**
 * How hard to compress. `fast` is what a request may spend: brotli 5 and gzip 6 take a few
 * milliseconds for the largest page where brotli 11 took 50-70 ms, so a flood of never-seen URLs
 * cannot turn each request into a compression job. `best` (brotli 11, gzip 9; 12-16% smaller
 * than fast on the shipped lists) is spent once per answer and content change, in the background
 * (see background-compression.ts), for answers asked for more than once. Above 64 KiB `best`
 * keeps the fast settings: a multi-megabyte list would occupy a thread for seconds.
 */
export type Effort = 'fast' | 'best';
const SMALL_BYTES = 64 * 1024;
const brotliQuality = (bytes: number, effort: Effort) => (effort === 'best' && bytes <= SMALL_BYTES ? 11 : 5);
const gzipLevel = (bytes: number, effort: Effort) => (effort === 'best' && bytes <= SMALL_BYTES ? 9 : 6);

const deflateRawAsync = promisify(deflateRaw);
const brotliAsync = promisify(brotliCompress);

const gzipOptions = (bytes: number, effort: Effort, flush: boolean) => ({ level: gzipLevel(bytes, effort), ...(flush && { finishFlush: constants.Z_SYNC_FLUSH }) });
const brotliOptions = (bytes: number, effort: Effort, flush: boolean) => ({
  ...(flush && { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
  params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes, effort), [constants.BROTLI_PARAM_SIZE_HINT]: bytes, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});

/** gzip around a stamp, from the prefix deflated up to a sync flush and the suffix deflated alone. */
function gzipFrom(prefix: Buffer, suffix: Buffer, prefixDeflated: Buffer, suffixDeflated: Buffer): SplicedBody {
  const head = Buffer.concat([GZIP_HEADER, prefixDeflated]);
  const prefixCrc = crc32(prefix);
  const size = prefix.length + STAMP_LENGTH + suffix.length;
  const tailLength = 5 + STAMP_LENGTH + suffixDeflated.length + 8;
  return {
    head,
    length: head.length + tailLength,
    tail(micros) {
      const tail = Buffer.allocUnsafe(tailLength);
      // A stored block, not the last: BFINAL 0, BTYPE 00, LEN and its complement, little-endian.
      tail[0] = 0;
      tail.writeUInt16LE(STAMP_LENGTH, 1);
      tail.writeUInt16LE(~STAMP_LENGTH & 0xffff, 3);
      writeStamp(tail, 5, micros);
      tail.set(suffixDeflated, 5 + STAMP_LENGTH);
      const stamped = crc32Continued(tail, 5, 5 + STAMP_LENGTH, prefixCrc);
      const crc = suffix.length <= SHORT_SUFFIX ? crc32Continued(suffix, 0, suffix.length, stamped) : crc32(suffix, stamped);
      tail.writeUInt32LE(crc, tailLength - 8);
      tail.writeUInt32LE(size >>> 0, tailLength - 4);
      return tail;
    },
  };
}

export const gzipSpliced = (prefix: Buffer, suffix: Buffer, effort: Effort = 'fast'): SplicedBody => {
  const bytes = prefix.length + suffix.length;
  return gzipFrom(prefix, suffix, deflateRawSync(prefix, gzipOptions(bytes, effort, true)), deflateRawSync(suffix, gzipOptions(bytes, effort, false)));
};

/** The same on libuv's thread pool, off the event loop. */
export async function gzipSplicedAsync(prefix: Buffer, suffix: Buffer, effort: Effort): Promise<SplicedBody> {
  const bytes = prefix.length + suffix.length;
  const [head, tail] = await Promise.all([deflateRawAsync(prefix, gzipOptions(bytes, effort, true)), deflateRawAsync(suffix, gzipOptions(bytes, effort, false))]);
  return gzipFrom(prefix, suffix, head, tail);
}
/** Header bits of an uncompressed brotli meta-block of `length` bytes (RFC 7932 9.2), padded to a byte. */
function uncompressedMetaBlockHeader(length: number): Buffer {
  let nibbles = 4;
  while (length - 1 >= 2 ** (4 * nibbles)) nibbles++;
  const bits: number[] = [0, (nibbles - 4) & 1, (nibbles - 4) >> 1];
  for (let i = 0; i < 4 * nibbles; i++) bits.push(Math.floor((length - 1) / 2 ** i) & 1);
  bits.push(1); // ISUNCOMPRESSED
  const header = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => (header[i >> 3]! |= bit << (i & 7)));
  return header;
}

const BROTLI_LAST_EMPTY = Buffer.from([0x03]); // ISLAST, ISLASTEMPTY

/** brotli around a stamp, from the prefix compressed up to a flush. */
function brotliFrom(flushed: Buffer, suffix: Buffer): SplicedBody {
  const head = Buffer.concat([flushed, uncompressedMetaBlockHeader(STAMP_LENGTH + suffix.length)]);
  const end = Buffer.concat([suffix, BROTLI_LAST_EMPTY]);
  const tailLength = STAMP_LENGTH + end.length;
  return {
    head,
    length: head.length + tailLength,
    tail(micros) {
      const tail = Buffer.allocUnsafe(tailLength);
      writeStamp(tail, 0, micros);
      tail.set(end, STAMP_LENGTH);
      return tail;
    },
  };
}

export const brotliSpliced = (prefix: Buffer, suffix: Buffer, effort: Effort = 'fast'): SplicedBody =>
  brotliFrom(brotliCompressSync(prefix, brotliOptions(prefix.length, effort, true)), suffix);

export async function brotliSplicedAsync(prefix: Buffer, suffix: Buffer, effort: Effort): Promise<SplicedBody> {
  return brotliFrom(await brotliAsync(prefix, brotliOptions(prefix.length, effort, true)), suffix);
}

/** A document without a stamp, compressed whole. */
export const gzipWhole = (body: Buffer, effort: Effort = 'fast'): Buffer => gzipSync(body, gzipOptions(body.length, effort, false));
export const brotliWhole = (body: Buffer, effort: Effort = 'fast'): Buffer => brotliCompressSync(body, brotliOptions(body.length, effort, false));
export const gzipWholeAsync = (body: Buffer, effort: Effort): Promise<Buffer> => promisify(gzip)(body, gzipOptions(body.length, effort, false));
export const brotliWholeAsync = (body: Buffer, effort: Effort): Promise<Buffer> => brotliAsync(body, brotliOptions(body.length, effort, false));
