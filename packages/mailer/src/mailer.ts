import path from 'node:path';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { StorageEvents } from '@companion/journal';
import { systemClock, type Clock, type EmailInput } from '@companion/schema';
import { composeMessage } from './compose';
import type { MailerConfig } from './config';
import type { Delivery, MailerDescription, MailerHealth, MailReceipt } from './delivery';
import { createFileOutbox } from './file-outbox';
import { createOutboxDelivery } from './outbox';
import type { OutboxStore } from './outbox-store';
import { createFileSentKeys, type SentKeys } from './sent-keys';
import { createSmtpDelivery } from './smtp';

export interface Mailer {
  /**
   * Resolves once the relay accepted the message (or the outbox holds it); rejects with MailError,
   * or StorageUnavailableError when the outbox refuses. With a `claim`, the key is kept with the
   * message: in the outbox, in the same file write or statement (KeyTakenError when another
   * replica stored it meanwhile); with SMTP, in `sentKeys` once the relay accepted it, before
   * this resolves (KeyTakenError when another replica kept the key meanwhile).
   */
  send(message: EmailInput, claim?: IdempotencyClaim): Promise<MailReceipt>;
  /** The answer of the message sent with this key (see send), or null. */
  /**
   * True when a write sent with a key this store holds is refused by the store itself, in the
   * write's own statement (KeyTakenError): a keyed write is then sent without a recall first.
   */
  readonly refusesHeldKeys?: true;
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<MailReceipt> | null>;
  /**
   * Removes every message the outbox keeps that names the address (an erasure request);
   * resolves how many. With an SMTP relay nothing is kept here: 0.
   */
  erase(address: string): Promise<number>;
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
  /** Where the outbox keeps messages (`openPgOutbox` with a database); default: files in `config.outboxDir`. */
  outbox?: OutboxStore;
  /** With SMTP, where keys of accepted messages are kept (`openPgSentKeys` with a database); default: files in `config.outboxDir/.sent-keys`. */
  sentKeys?: SentKeys;
}

/** SMTP when configured, otherwise the outbox folder. */
export function createMailer(config: MailerConfig, deps: MailerDeps = {}): Mailer {
  const delivery: Delivery = config.smtp
    ? createSmtpDelivery(config.smtp, config.timeoutMs, deps.sentKeys ?? createFileSentKeys(path.join(config.outboxDir, '.sent-keys'), deps.clock ?? systemClock))
    : createOutboxDelivery(deps.outbox ?? createFileOutbox(config.outboxDir, deps.clock ?? systemClock, deps.events), deps.clock ?? systemClock);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  return {
    async send(message, claim) {
      if (closed) throw new Error('the mailer is closed');
      const sending = delivery.deliver(composeMessage(message, config.from), claim);
      inFlight.add(sending);
      try {
        return await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    erase: (address) => delivery.erase(address),
    recall: (claim) => delivery.recall(claim),
    ...(delivery.refusesHeldKeys && { refusesHeldKeys: true }),
    describe: () => delivery.describe(),
    health: () => delivery.health(),
    async close() {
      closed = true;
      await Promise.allSettled(inFlight);
      await delivery.close();
    },
  };
}
