import { decodeLine, type JournalRecord } from './line-codec';

const SEGMENT_BYTES = 8 << 20;

/**
 * Keeps stored lines in memory as bytes, outside the JS heap, and parses one only when it is
 * asked for. A million op records then cost about the size of the file plus 12 bytes each,
 * instead of a million parsed objects, and pages of a log are served without rereading it.
 */
export class LineArchive {
  private readonly segments: Buffer[] = [];
  private used = SEGMENT_BYTES; // forces a first segment
  private segmentOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Copies a line in; returns its index (0-based, in push order). */
  push(line: Uint8Array): number {
    if (this.used + line.length > this.current().length) {
      this.segments.push(Buffer.allocUnsafeSlow(Math.max(SEGMENT_BYTES, line.length)));
      this.used = 0;
    }
    if (this.count === this.segmentOf.length) this.grow();
    this.current().set(line, this.used);
    this.segmentOf[this.count] = this.segments.length - 1;
    this.startOf[this.count] = this.used;
    this.lengthOf[this.count] = line.length;
    this.used += line.length;
    return this.count++;
  }

  bytes(index: number): Buffer {
    if (!(index >= 0 && index < this.count)) throw new RangeError(`no line ${index} in an archive of ${this.count}`);
    const start = this.startOf[index]!;
    return this.segments[this.segmentOf[index]!]!.subarray(start, start + this.lengthOf[index]!);
  }

  record<T>(index: number): JournalRecord<T> {
    return decodeLine<T>(this.bytes(index));
  }

  private current(): Buffer {
    return this.segments[this.segments.length - 1] ?? Buffer.alloc(0);
  }

  private grow(): void {
    const size = this.segmentOf.length * 2;
    const larger = (old: Uint32Array) => {
      const next = new Uint32Array(size);
      next.set(old);
      return next;
    };
    this.segmentOf = larger(this.segmentOf);
    this.startOf = larger(this.startOf);
    this.lengthOf = larger(this.lengthOf);
  }
}
