import { RecentKeys } from '@companion/idempotency';
import nodemailer from 'nodemailer';
import type { MailReceipt } from './delivery';
import type { SmtpConfig } from './config';
import { withDeadline } from './deadline';
import type { Delivery } from './delivery';
import { toMailError } from './smtp-failure';

/** Sends through an SMTP relay, one connection per message, every wait bounded by timeoutMs. */
export function createSmtpDelivery(smtp: SmtpConfig, timeoutMs: number): Delivery {
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

  // Nothing here commits with the relay's acceptance: keys are kept in this process's memory.
  const keys = new RecentKeys<MailReceipt>();

  return {
    async deliver(message, claim) {
      let receipt: MailReceipt;
      try {
        const info = await withDeadline(timeoutMs, (signal) => transport.sendMail({ ...message, signal }));
        receipt = { message_id: info.messageId, accepted: info.accepted, rejected: info.rejected };
      } catch (error) {
        throw toMailError(error, timeoutMs);
      }
      if (claim) keys.add(claim, receipt);
      return receipt;
    },
    // The relay has the message now; nothing of it is kept here.
    erase: async () => 0,
    recall: async (claim) => keys.recall(claim),
    describe: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port) }),
    // A refused or failed relay answers the request (502/504); nothing is stored here to fault.
    health: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port), writable: true, reason: null, last_fault: null }),
    close: async () => transport.close(),
  };
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
