import { rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { faultMessage, FaultState, PROBE_INTERVAL_MS, Retrier, type StorageEvents } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';
import type { Delivery } from './delivery';
import { writeFileDurably } from './durable-file';
import { MailError } from './errors';
import { createOutboxNamer } from './outbox-name';

/** How /health names the outbox: relative to DATA_DIR, never a full path. */
const OUTBOX_NAME = 'outbox';

/**
 * The embedded default when no SMTP server is configured: each message, as the exact RFC 822
 * bytes an SMTP server would have received, becomes one `.eml` file in `dir`. A failed write
 * is a fault in /health until a write (a message or the probe, every 0.5 s) succeeds again.
 */
export function createOutboxDelivery(dir: string, clock: Clock, events?: StorageEvents): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const nextName = createOutboxNamer(clock);
  const fault = new FaultState('mail outbox', () => formatUtcInstant(clock.nowMicros()), events);
  const probe = new Retrier(async () => {
    await writeFileDurably(dir, '.probe', Buffer.alloc(4096, 0x0a));
    await rm(path.join(dir, '.probe'), { force: true });
    fault.clear();
    return true;
  }, PROBE_INTERVAL_MS);

  return {
    async deliver(message) {
      const info = await transport.sendMail(message);
      const name = nextName(info.messageId);
      try {
        await writeFileDurably(dir, name, info.message as Buffer);
      } catch (error) {
        const { message: reason } = fault.fail(faultMessage(`${OUTBOX_NAME}/${name}`, error), { path: path.join(dir, name), error });
        probe.start();
        throw new MailError('MAIL_UPSTREAM_FAILED', `could not write the message to the outbox (${reason})`, { cause: error });
      }
      fault.clear();
      return { message_id: info.messageId, accepted: info.envelope.to, rejected: [] };
    },
    describe: () => ({ transport: 'outbox', target: dir }),
    health: () => ({ transport: 'outbox', target: OUTBOX_NAME, ...fault.report() }),
    close: async () => {
      probe.stop();
      transport.close();
    },
  };
}
