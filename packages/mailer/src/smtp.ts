import nodemailer from 'nodemailer';
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

  return {
    async deliver(message) {
      try {
        const info = await withDeadline(timeoutMs, (signal) => transport.sendMail({ ...message, signal }));
        return { message_id: info.messageId, accepted: info.accepted, rejected: info.rejected };
      } catch (error) {
        throw toMailError(error, timeoutMs);
      }
    },
    // The relay has the message now; nothing of it is kept here.
    erase: async () => 0,
    describe: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port) }),
    // A refused or failed relay answers the request (502/504); nothing is stored here to fault.
    health: () => ({ transport: 'smtp', target: hostPort(smtp.host, smtp.port), writable: true, reason: null, last_fault: null }),
    close: async () => transport.close(),
  };
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
