import { randomBytes } from 'node:crypto';
import type { Clock } from '@companion/schema';

/**
 * Names outbox files `20261125T220440.123456Z-3f9a0c1d2e4b.eml`: fixed width, so the names
 * sort in the order the messages were written. Within this process the time part never
 * repeats or goes back (a clock step back reuses the last time plus 1 µs); the random part
 * keeps two processes writing in the same microsecond apart.
 */
export function createOutboxNamer(clock: Clock): () => string {
  let last = 0;
  return () => {
    last = Math.max(clock.nowMicros(), last + 1);
    return `${compactStamp(last)}-${randomBytes(6).toString('hex')}.eml`;
  };
}

function compactStamp(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString(); // 2026-11-25T22:04:40.123Z
  const fraction = String(micros % 1_000_000).padStart(6, '0');
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}.${fraction}Z`;
}
