import nodemailer from 'nodemailer';
import type { Clock } from '@companion/schema';
import type { Delivery } from './delivery';
import { writeFileDurably } from './durable-file';
import { MailError } from './errors';
import { createOutboxNamer } from './outbox-name';

/**
 * The embedded default when no SMTP server is configured: each message, as the exact RFC 822
 * bytes an SMTP server would have received, becomes one `.eml` file in `dir`.
 */
export function createOutboxDelivery(dir: string, clock: Clock): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const nextName = createOutboxNamer(clock);

  return {
    async deliver(message) {
      const info = await transport.sendMail(message);
      try {
        await writeFileDurably(dir, nextName(), info.message as Buffer);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new MailError('MAIL_UPSTREAM_FAILED', `could not write the message to the outbox (${code})`, {
          cause: error,
        });
      }
      return { message_id: info.messageId, accepted: info.envelope.to, rejected: [] };
    },
    describe: () => ({ transport: 'outbox', target: dir }),
    close: async () => transport.close(),
  };
}
