import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { FaultReport } from '@companion/journal';
import type { MailReceipt } from './delivery';

/** One message for the outbox: the exact RFC 822 bytes an SMTP server would have received. */
export interface OutboxMessage {
  /** The Message-ID header, angle brackets included (the 202's `message_id`). */
  messageId: string;
  /** `20261125T220440.123456Z-<message-id>.eml`: sorts in sending order (see outbox-name). */
  name: string;
  recipients: string[];
  raw: Buffer;
  /** The request's Idempotency-Key: kept with the message (its answer `receipt`), both or neither. */
  claim?: IdempotencyClaim;
}

/**
 * Where the outbox keeps messages when no SMTP server is configured: `.eml` files in
 * `DATA_DIR/outbox` (`createFileOutbox`) or rows in PostgreSQL (`openPgOutbox`). Both keep the
 * promises of `test/contract/outbox-contract.ts`.
 */
export interface OutboxStore {
  /** Resolves once the message is durable; rejects with StorageUnavailableError (nothing kept). */
  put(message: OutboxMessage): Promise<void>;
  /**
   * Removes every kept message that names `address` (any letter case) as a recipient or in its
   * text, durably; resolves how many went. Rejects with StorageUnavailableError.
   */
  erase(address: string): Promise<number>;
  /**
   * True when a write sent with a key this store holds is refused by the store itself, in the
   * write's own statement (KeyTakenError): a keyed write is then sent without a recall first.
   */
  readonly refusesHeldKeys?: true;
  /** The answer of the message stored with this key, within the key retention; null otherwise. */
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<MailReceipt> | null>;
  /** Where messages go, for the start-up log (may name a full path; never a password). */
  describe(): string;
  /** For /health: a short name (`outbox`, `mail_outbox`), writable, reason, last_fault. */
  health(): FaultReport & { target: string };
  close(): Promise<void>;
}
