import { crc32 } from 'node:zlib';

/** A record as stored: the caller's fields plus the sequence number the journal gave it. */
export type JournalRecord<T> = T & { seq: number };

// A line is the record's JSON with `,"crc":"<8 hex>"` slipped in before the closing brace, so
// every line stays plain JSON (jq, grep) while the checksum covers exactly the bytes before it.
const CHECKSUM_OPENING = Buffer.from(',"crc":"');
const CHECKSUM_TAIL_LENGTH = CHECKSUM_OPENING.length + 8 + 2; // ,"crc":"0123abcd"}
const CLOSING_BRACE = Buffer.from('}');
const QUOTE = 0x22;
const HEX = /^[0-9a-f]{8}$/;

/**
 * The JSON of a record about to be appended. Throws a TypeError for what cannot be stored, so
 * a bad record is refused before it reaches the write queue.
 */
export function recordJson(record: object): string {
  if (Object.hasOwn(record, 'seq') || Object.hasOwn(record, 'crc')) {
    throw new TypeError('a journal record must not carry its own "seq" or "crc" field');
  }
  const json = JSON.stringify(record) as string | undefined;
  if (!json?.startsWith('{')) throw new TypeError('a journal record must be a JSON object');
  return json;
}

/** The line (newline included) that stores a record, given its JSON, under `seq`. */
export function lineFromJson(seq: number, json: string): Buffer {
  const body = json === '{}' ? `{"seq":${seq}}` : `{"seq":${seq},${json.slice(1)}`;
  const crc = crc32(body).toString(16).padStart(8, '0');
  return Buffer.from(`${body.slice(0, -1)},"crc":"${crc}"}\n`);
}

/** The line (newline included) that stores `record` under `seq`. */
export function encodeLine(seq: number, record: object): Buffer {
  return lineFromJson(seq, recordJson(record));
}

export type LineCheck<T> = { ok: true; record: JournalRecord<T> } | { ok: false; reason: string };

/** Verifies one line (without its newline) and parses it; says what is wrong otherwise. */
export function checkLine<T>(line: Buffer): LineCheck<T> {
  const bodyEnd = line.length - CHECKSUM_TAIL_LENGTH;
  if (bodyEnd < 2 || !hasChecksumTail(line, bodyEnd)) return { ok: false, reason: 'no checksum at the end of the line' };
  const written = line.toString('latin1', line.length - 10, line.length - 2);
  if (!HEX.test(written)) return { ok: false, reason: 'no checksum at the end of the line' };
  const computed = crc32(CLOSING_BRACE, crc32(line.subarray(0, bodyEnd)));
  if (parseInt(written, 16) !== computed) return { ok: false, reason: 'checksum mismatch' };
  let record: unknown;
  try {
    record = JSON.parse(line.toString('utf8', 0, bodyEnd) + '}');
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  if (typeof record !== 'object' || record === null || !Number.isSafeInteger((record as { seq?: unknown }).seq)) {
    return { ok: false, reason: 'no integer "seq" field' };
  }
  return { ok: true, record: record as JournalRecord<T> };
}

/** Parses a line already verified when it was read or written (see LineArchive). */
export function decodeLine<T>(line: Uint8Array): JournalRecord<T> {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  return JSON.parse(bytes.toString('utf8', 0, bytes.length - CHECKSUM_TAIL_LENGTH) + '}') as JournalRecord<T>;
}

function hasChecksumTail(line: Buffer, bodyEnd: number): boolean {
  return (
    line.compare(CHECKSUM_OPENING, 0, CHECKSUM_OPENING.length, bodyEnd, bodyEnd + CHECKSUM_OPENING.length) === 0 &&
    line[line.length - 2] === QUOTE &&
    line[line.length - 1] === CLOSING_BRACE[0]
  );
}
