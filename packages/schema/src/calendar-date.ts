import { z } from 'zod';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Why `YYYY-MM-DD` names no day of the calendar (`2026-02-30`), or null when it does. */
function missingDay(text: string): string | null {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12) return `month ${month} does not exist`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `that day does not exist: ${MONTHS[month - 1]} ${year} has ${days} days`;
  return null;
}

/** A calendar date written `YYYY-MM-DD` that names a day that exists. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date written YYYY-MM-DD', abort: true })
  .check((ctx) => {
    const why = missingDay(ctx.value);
    if (why) ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a date that exists; found ${ctx.value}: ${why}` });
  });
