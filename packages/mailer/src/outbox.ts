import nodemailer from 'nodemailer';
import type { Clock } from '@companion/schema';
import type { Delivery } from './delivery';
import { createOutboxNamer } from './outbox-name';
import type { OutboxStore } from './outbox-store';

/**
 * The embedded default when no SMTP server is configured: each message, as the exact RFC 822
 * bytes an SMTP server would have received, goes into the outbox store (files or rows). A store
 * that refuses rejects the send with StorageUnavailableError (the API's 503).
 */
export function createOutboxDelivery(store: OutboxStore, clock: Clock): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const nextName = createOutboxNamer(clock);

  return {
    async deliver(message, claim) {
      const info = await transport.sendMail(message);
      await store.put({ messageId: info.messageId, name: nextName(info.messageId), recipients: info.envelope.to, raw: info.message as Buffer, ...(claim && { claim }) });
      return { message_id: info.messageId, accepted: info.envelope.to, rejected: [] };
    },
    erase: (address) => store.erase(address),
    recall: (claim) => store.recall(claim),
    ...(store.refusesHeldKeys && { refusesHeldKeys: true }),
    describe: () => ({ transport: 'outbox', target: store.describe() }),
    health: () => ({ transport: 'outbox', ...store.health() }),
    close: async () => {
      await store.close();
      transport.close();
    },
  };
}
