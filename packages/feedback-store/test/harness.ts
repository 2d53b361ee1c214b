import { FeedbackInput, type Clock } from '@companion/schema';

/** A clock the test sets by hand. */
export function manualClock(iso = '2026-11-25T22:04:40.123456Z') {
  let micros = 0;
  const clock: Clock & { set(iso: string): void } = {
    nowMicros: () => micros,
    set(at) {
      const [whole, fraction = '0'] = at.replace('Z', '').split('.');
      micros = Date.parse(`${whole}Z`) * 1000 + Number(fraction.padEnd(6, '0'));
    },
  };
  clock.set(iso);
  return clock;
}

/** A submission as the API hands it over: validated by the schema. */
export const feedback = (content: string, extra: Partial<FeedbackInput> = {}) => FeedbackInput.parse({ content, ...extra });
export const ip = { ip: '198.51.100.4' };
