import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Called once per line, in file order. `line` excludes the newline and is a view into a
 * buffer that is reused: copy it to keep it. Return false to stop reading.
 */
export type LineVisitor = (line: Buffer, offset: number, terminated: boolean) => boolean;

/**
 * Reads the first `size` bytes of a file in chunks and hands out its lines, so a log of
 * millions of records never becomes one huge string. The buffer grows only for a line
 * longer than a chunk.
 */
export async function readLines(file: FileHandle, size: number, visit: LineVisitor): Promise<void> {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  let bufferOffset = 0; // file offset of buffer[0]
  let position = 0;
  while (position < size) {
    if (filled === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    }
    const { bytesRead } = await file.read(buffer, filled, Math.min(buffer.length - filled, size - position), position);
    if (bytesRead === 0) break; // the file shrank under us; treat what we have as the end
    position += bytesRead;
    filled += bytesRead;
    const view = buffer.subarray(0, filled);
    let start = 0;
    for (let end = view.indexOf(NEWLINE, start); end !== -1; end = view.indexOf(NEWLINE, start)) {
      if (!visit(view.subarray(start, end), bufferOffset + start, true)) return;
      start = end + 1;
    }
    buffer.copy(buffer, 0, start, filled);
    filled -= start;
    bufferOffset += start;
  }
  if (filled > 0) visit(buffer.subarray(0, filled), bufferOffset, false);
}
