import type { Clock } from '@companion/schema';

/**
 * Names outbox files `20261125T220440.123456Z-<message-id>.eml`: the time part is fixed width,
 * so names sort in the order the messages were written, and within this process it never
 * repeats or goes back (a clock step back reuses the last time plus 1 µs). The Message-ID
 * (random, unique across processes) lets an operator find the file of a 202 answer.
 */
export function createOutboxNamer(clock: Clock): (messageId: string) => string {
  let last = 0;
  return (messageId) => {
    last = Math.max(clock.nowMicros(), last + 1);
    return `${compactStamp(last)}-${fileSafe(messageId)}.eml`;
  };
}

/** `<3f9a-...@localhost>` -> `3f9a-...@localhost`: nothing a shell or a file system minds. */
function fileSafe(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_').slice(0, 120);
}

function compactStamp(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString(); // 2026-11-25T22:04:40.123Z
  const fraction = String(micros % 1_000_000).padStart(6, '0');
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}.${fraction}Z`;
}
