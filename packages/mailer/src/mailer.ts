import { systemClock, type Clock, type EmailInput } from '@companion/schema';
import { composeMessage } from './compose';
import type { MailerConfig } from './config';
import type { Delivery, MailerDescription, MailReceipt } from './delivery';
import { createOutboxDelivery } from './outbox';
import { createSmtpDelivery } from './smtp';

export interface Mailer {
  /** Resolves once the relay accepted the message (or the outbox file is on disk); rejects with MailError. */
  send(message: EmailInput): Promise<MailReceipt>;
  describe(): MailerDescription;
  /** Refuses new sends, waits for those in flight, then releases the transport. */
  close(): Promise<void>;
}

export interface MailerDeps {
  /** Names outbox files; defaults to the system clock. */
  clock?: Clock;
}

/** SMTP when configured, otherwise the outbox folder. */
export function createMailer(config: MailerConfig, deps: MailerDeps = {}): Mailer {
  const delivery: Delivery = config.smtp
    ? createSmtpDelivery(config.smtp, config.timeoutMs)
    : createOutboxDelivery(config.outboxDir, deps.clock ?? systemClock);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  return {
    async send(message) {
      if (closed) throw new Error('the mailer is closed');
      const sending = delivery.deliver(composeMessage(message, config.from));
      inFlight.add(sending);
      try {
        return await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    describe: () => delivery.describe(),
    async close() {
      closed = true;
      await Promise.allSettled(inFlight);
      await delivery.close();
    },
  };
}
