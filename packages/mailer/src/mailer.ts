import type { StorageEvents } from '@companion/journal';
import { systemClock, type Clock, type EmailInput } from '@companion/schema';
import { composeMessage } from './compose';
import type { MailerConfig } from './config';
import type { Delivery, MailerDescription, MailerHealth, MailReceipt } from './delivery';
import { createOutboxDelivery } from './outbox';
import { createSmtpDelivery } from './smtp';

export interface Mailer {
  /** Resolves once the relay accepted the message (or the outbox file is on disk); rejects with MailError. */
  send(message: EmailInput): Promise<MailReceipt>;
  describe(): MailerDescription;
  /** Whether messages can be stored (the outbox) and the last fault, for /health. */
  health(): MailerHealth;
  /** Refuses new sends, waits for those in flight, then releases the transport. */
  close(): Promise<void>;
}

export interface MailerDeps {
  /** Names outbox files; defaults to the system clock. */
  clock?: Clock;
  /** Told once when the outbox starts failing and once when it takes messages again. */
  events?: StorageEvents;
}

/** SMTP when configured, otherwise the outbox folder. */
export function createMailer(config: MailerConfig, deps: MailerDeps = {}): Mailer {
  const delivery: Delivery = config.smtp
    ? createSmtpDelivery(config.smtp, config.timeoutMs)
    : createOutboxDelivery(config.outboxDir, deps.clock ?? systemClock, deps.events);
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
    health: () => delivery.health(),
    async close() {
      closed = true;
      await Promise.allSettled(inFlight);
      await delivery.close();
    },
  };
}
