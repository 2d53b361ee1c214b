import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

/**
 * Compressed answers whose middle (the envelope's timestamp) changes per response, without
 * compressing per response. The part before the stamp is compressed once and flushed to a byte
 * boundary; each response appends the stamp uncompressed and the part after it, then closes the
 * stream. gzip: a deflate stream ended by Z_SYNC_FLUSH, a stored block with the stamp, the
 * suffix deflated on its own (deflate blocks may follow any byte-aligned block), and the
 * trailer's CRC-32 continued over stamp and suffix. brotli: a stream ended by
 * BROTLI_OPERATION_FLUSH, then one uncompressed meta-block (stamp and suffix) and an empty last
 * one. The cost per response is a CRC over a few dozen bytes and one small buffer.
 */
export interface SplicedBody {
  /** Everything up to the stamp, compressed once. */
  head: Buffer;
  /** The whole answer for a stamp: head, then this. */
  tail(stamp: string): Buffer;
  /** Bytes of the whole answer (stamps have a fixed length). */
  length: number;
}

export const STAMP_LENGTH = 26;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Answers are compressed again after every content change (a catalogue write is one), on their
 * first request. Up to 64 KiB the best settings cost tens of milliseconds at most (brotli 11 is
 * 12-16% smaller than 9 on the shipped lists; measured 56 ms for the 20 KB catalogue list on a
 * busy core); above, faster settings keep a multi-megabyte list from stalling the server for
 * seconds.
 */
const SMALL_BYTES = 64 * 1024;
const brotliQuality = (bytes: number) => (bytes <= SMALL_BYTES ? 11 : 5);
const gzipLevel = (bytes: number) => (bytes <= SMALL_BYTES ? 9 : 6);

export function gzipSpliced(prefix: Buffer, suffix: Buffer): SplicedBody {
  const level = gzipLevel(prefix.length + suffix.length);
  const head = Buffer.concat([GZIP_HEADER, deflateRawSync(prefix, { level, finishFlush: constants.Z_SYNC_FLUSH })]);
  const suffixDeflated = deflateRawSync(suffix, { level });
  const prefixCrc = crc32(prefix);
  const size = prefix.length + STAMP_LENGTH + suffix.length;
  const tailLength = 5 + STAMP_LENGTH + suffixDeflated.length + 8;
  return {
    head,
    length: head.length + tailLength,
    tail(stamp) {
      const tail = Buffer.allocUnsafe(tailLength);
      // A stored block, not the last: BFINAL 0, BTYPE 00, LEN and its complement, little-endian.
      tail[0] = 0;
      tail.writeUInt16LE(STAMP_LENGTH, 1);
      tail.writeUInt16LE(~STAMP_LENGTH & 0xffff, 3);
      tail.write(stamp, 5, 'latin1');
      suffixDeflated.copy(tail, 5 + STAMP_LENGTH);
      const crc = crc32(suffix, crc32(tail.subarray(5, 5 + STAMP_LENGTH), prefixCrc));
      tail.writeUInt32LE(crc >>> 0, tailLength - 8);
      tail.writeUInt32LE(size >>> 0, tailLength - 4);
      return tail;
    },
  };
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

export function brotliSpliced(prefix: Buffer, suffix: Buffer): SplicedBody {
  const flushed = brotliCompressSync(prefix, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(prefix.length), [constants.BROTLI_PARAM_SIZE_HINT]: prefix.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  const head = Buffer.concat([flushed, uncompressedMetaBlockHeader(STAMP_LENGTH + suffix.length)]);
  const end = Buffer.concat([suffix, BROTLI_LAST_EMPTY]);
  const tailLength = STAMP_LENGTH + end.length;
  return {
    head,
    length: head.length + tailLength,
    tail(stamp) {
      const tail = Buffer.allocUnsafe(tailLength);
      tail.write(stamp, 0, 'latin1');
      end.copy(tail, STAMP_LENGTH);
      return tail;
    },
  };
}

/** A document without a stamp, compressed whole. */
export const gzipWhole = (body: Buffer): Buffer => gzipSync(body, { level: gzipLevel(body.length) });
export const brotliWhole = (body: Buffer): Buffer =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
