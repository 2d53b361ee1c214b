import type { MailerConfig, SmtpConfig } from '../../src/index';

/** A mailer config pointing at a test server on 127.0.0.1. */
export function smtpMailerConfig(port: number, smtp: Partial<SmtpConfig> = {}, timeoutMs = 5_000): MailerConfig {
  return {
    from: { name: 'Tunnel Companion', address: 'no-reply@companion.test' },
    timeoutMs,
    smtp: {
      host: '127.0.0.1',
      port,
      secure: false,
      requireTls: false,
      rejectUnauthorized: true,
      auth: null,
      ...smtp,
    },
    outboxDir: '/nonexistent/outbox',
  };
}
