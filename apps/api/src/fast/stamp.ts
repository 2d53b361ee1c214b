/**
 * formatTimestamp (`2026-11-25T22:04:40.123456`) for a stream of nearby instants: the date and
 * time up to the second are formatted once per second, the microseconds per call.
 */
let second = Number.NaN;
let head = '';

export function stampOf(micros: number): string {
  const whole = Math.floor(micros);
  const s = Math.floor(whole / 1e6);
  if (s !== second) {
    second = s;
    head = new Date(s * 1000).toISOString().slice(0, 20);
  }
  return head + String(whole - s * 1e6).padStart(6, '0');
}
