import { KeyTakenError, RecentKeys } from '@companion/idempotency';
import nodemailer from 'nodemailer';
import type { MailReceipt } from './delivery';
import type { SmtpConfig } from './config';
import { withDeadline } from './deadline';
import type { Delivery } from './delivery';
import { toMailError } from './smtp-failure';
import { sentKeyDigest, type SentKeys } from './sent-keys';

/**
 * Sends through an SMTP relay, one connection per message, every wait bounded by timeoutMs. A
 * keyed message's Message-ID is derived from its key (the same on every retry, so a relay or a
 * recipient can tell a second copy), and once the relay accepted it the key and its answer are
 * kept in `sentKeys` before the answer goes out.
 */
export function createSmtpDelivery(smtp: SmtpConfig, timeoutMs: number, sentKeys: SentKeys): Delivery {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireTls,
    auth: smtp.auth ?? undefined,
    tls: { rejectUnauthorized: smtp.rejectUnauthorized },
    // nodemailer's defaults (2 min to connect, 10 min idle) would outlive any HTTP request.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    socketCloseTimeout: Math.min(timeoutMs, 5_000),
    logger: false,
  });

  // Only when the store refused to keep a key (the message is sent all the same): this process's memory.
  const unkept = new RecentKeys<MailReceipt>();

  return {
    async deliver(message, claim) {
      let receipt: MailReceipt;
      try {
        const messageId = claim ? `<${sentKeyDigest(claim)}@${fromDomain(message.envelope) ?? 'companion.invalid'}>` : undefined;
        const info = await withDeadline(timeoutMs, (signal) => transport.sendMail({ ...message, ...(messageId && { messageId }), signal }));
        receipt = { message_id: info.messageId, accepted: info.accepted, rejected: info.rejected };
      } catch (error) {
        throw toMailError(error, timeoutMs);
      }
      if (claim) {
        try {
          await sentKeys.keep(claim, receipt);
        } catch (error) {
          // Another replica sent a message with this key meanwhile: its answer is the key's.
          if (error instanceof KeyTakenError) throw error;
          // The relay has the message: answering 503 would have it sent again. The answer stands,
          // its key is known to this process only.
          unkept.add(claim, receipt);
        }
      }
      return receipt;
    },
    // The relay has the message now; only the kept answers name its recipients here (they go, the count is of messages).
    erase: async (address) => {
      await sentKeys.erase(address);
      return 0;
    },
    recall: async (claim) => unkept.recall(claim) ?? (await sentKeys.recall(claim)),
    describe: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port) }),
    // A refused or failed relay answers the request (502/504); nothing is stored here to fault.
    health: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port), writable: true, reason: null, last_fault: null }),
    close: async () => {
      transport.close();
      await sentKeys.close();
    },
  };
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The domain of the envelope's sender (the fixed From), for a derived Message-ID. */
function fromDomain(envelope: unknown): string | null {
  const from = (envelope as { from?: unknown } | undefined)?.from;
  return typeof from === 'string' && from.includes('@') ? from.slice(from.lastIndexOf('@') + 1) : null;
}
