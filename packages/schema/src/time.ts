/** A source of the current time in microseconds since the Unix epoch. */
export interface Clock {
  nowMicros(): number;
}

export const systemClock: Clock = {
  // The wall clock (Date.now(), which follows NTP corrections) for the milliseconds, and the
  // monotonic clock's sub-millisecond part for the microseconds, which Date.now() lacks.
  nowMicros: () => Date.now() * 1000 + Math.floor((performance.now() * 1000) % 1000),
};

/** `2026-11-25T22:04:40.123456`: UTC, ISO 8601, no zone suffix, six fraction digits. */
export function formatTimestamp(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const iso = new Date(millis).toISOString(); // 2026-11-25T22:04:40.123Z
  const fraction = String(micros - millis * 1000).padStart(3, '0');
  return `${iso.slice(0, 23)}${fraction}`;
}

/** Formats any ISO 8601 instant (`2026-01-10T12:00:00Z`) the way the API writes timestamps. */
export function formatInstant(iso: string): string {
  const utc = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?Z$/.exec(iso);
  if (utc) return `${utc[1]}.${(utc[2] ?? '').padEnd(6, '0')}`; // keeps microseconds exact
  return formatTimestamp(Date.parse(iso) * 1000);
}

export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
