export { createMailer, type Mailer, type MailerDeps } from './mailer';
export { mailerConfigFromEnv, type MailerConfig, type SmtpConfig } from './config';
export type { Env } from './env-values';
export type { MailReceipt, MailerDescription, MailerHealth } from './delivery';
export { MailConfigError, MailError, type MailErrorCode } from './errors';
export type { MailAddress } from './mail-from';
export type { OutboxMessage, OutboxStore } from './outbox-store';
export { createFileOutbox } from './file-outbox';
export { createFileSentKeys, type SentKeys } from './sent-keys';
