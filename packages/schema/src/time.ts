/** A source of the current time in microseconds since the Unix epoch. */
export interface Clock {
  nowMicros(): number;
}

export const systemClock: Clock = {
  // performance.now() carries sub-millisecond precision; Date.now() would end in 000.
  nowMicros: () => Math.floor((performance.timeOrigin + performance.now()) * 1000),
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
