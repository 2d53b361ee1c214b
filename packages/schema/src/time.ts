// Imported rather than read from globalThis, where `performance` is a getter paid on every call.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

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

export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/**
 * `2026-11-25T22:04:40.123456Z`: RFC 3339 in UTC with six fraction digits. Every time the API
 * answers is written so, except the few the interface document fixes without a zone (the
 * envelope's `timestamp`, an operation record's): a client's `new Date()` reads a time without
 * a zone as local time.
 */
export const formatUtcInstant = (micros: number): string => `${formatTimestamp(micros)}Z`;

/** Formats any ISO 8601 instant with a zone (`2026-01-10T12:00:00+01:00`) as formatUtcInstant does. */
export function formatInstant(iso: string): string {
  const utc = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?Z$/.exec(iso);
  if (utc) return `${utc[1]}.${(utc[2] ?? '').padEnd(6, '0')}Z`; // keeps microseconds exact
  return formatUtcInstant(Date.parse(iso) * 1000);
}

export const UTC_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** An answered time that is not an envelope timestamp: RFC 3339 in UTC with Z (`format: date-time`). */
export const Instant = z.iso.datetime({ precision: 6 }).meta({ description: 'RFC 3339 date-time in UTC (Z), six fraction digits', examples: ['2026-11-25T22:04:40.123456Z'] });
