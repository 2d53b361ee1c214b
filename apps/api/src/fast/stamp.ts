/**
 * formatTimestamp (`2026-11-25T22:04:40.123456`) for a stream of nearby instants: the date and
 * time up to the second are formatted once per second, the microseconds per call.
 */
let second = Number.NaN;
let head = '';
/** `head` as bytes (ASCII), for writeStamp. */
const headBytes = new Uint8Array(20);

function enterSecond(s: number): void {
  second = s;
  head = new Date(s * 1000).toISOString().slice(0, 20);
  for (let i = 0; i < 20; i++) headBytes[i] = head.charCodeAt(i);
}

/** The microseconds within the second of `micros`, `head` (and its bytes) being that second's. */
function fractionOf(micros: number): number {
  const whole = Math.floor(micros);
  const s = Math.floor(whole / 1e6);
  if (s !== second) enterSecond(s);
  return whole - s * 1e6;
}

export function stampOf(micros: number): string {
  const fraction = fractionOf(micros);
  return head + String(fraction).padStart(6, '0');
}

/**
 * stampOf's 26 characters written as bytes into `target` at `at`: what an answer's body needs,
 * without making a string and encoding it.
 */
export function writeStamp(target: Uint8Array, at: number, micros: number): void {
  let fraction = fractionOf(micros);
  target.set(headBytes, at);
  for (let i = at + 25; i >= at + 20; i--) {
    const digit = fraction % 10;
    target[i] = 0x30 + digit;
    fraction = (fraction - digit) / 10;
  }
}
