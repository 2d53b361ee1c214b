import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { FaultReport } from '@companion/journal';
import type { SendMailOptions } from 'nodemailer';

/** What the API answers with 202: field names as the contract spells them. */
export interface MailReceipt {
  /** The Message-ID header, angle brackets included. */
  message_id: string;
  accepted: string[];
  rejected: string[];
}

export interface MailerDescription {
  transport: 'smtp' | 'outbox';
  /** host:port or the outbox folder; never a credential. */
  target: string;
}

/** What /health shows of the mailer: no full path, no credential. */
export interface MailerHealth extends FaultReport {
  transport: 'smtp' | 'outbox';
  /** host:port, or `outbox` (the folder in DATA_DIR). */
  target: string;
}

/** One way of getting a composed message out: the SMTP relay or the outbox folder. */
export interface Delivery {
  /** With a `claim`, the key is kept with the message (see Mailer.send). */
  deliver(message: SendMailOptions, claim?: IdempotencyClaim): Promise<MailReceipt>;
  /**
   * True when a write sent with a key this store holds is refused by the store itself, in the
   * write's own statement (KeyTakenError): a keyed write is then sent without a recall first.
   */
  readonly refusesHeldKeys?: true;
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<MailReceipt> | null>;
  /** Removes kept messages naming the address; resolves how many (an SMTP relay keeps none here). */
  erase(address: string): Promise<number>;
  describe(): MailerDescription;
  health(): MailerHealth;
  close(): Promise<void>;
}
