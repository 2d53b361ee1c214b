import { MailError } from './errors';

/**
 * Runs `work` with a signal that aborts after `ms`, and settles with MAIL_TIMEOUT at that
 * moment even if the work ignores the signal: nodemailer's own timeouts each bound one wait,
 * and a server that answers just often enough could otherwise stretch a send without end.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Rejected before aborting, so the race is already lost when the abort error arrives.
      reject(new MailError('MAIL_TIMEOUT', `the SMTP server did not finish within ${ms} ms`));
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
