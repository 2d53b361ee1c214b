import addressparser from 'nodemailer/lib/addressparser';
import { MailConfigError } from './errors';
import { isBareAddress } from './header-safety';

/** A mailbox as nodemailer takes it: handing it over as an object means it is never re-parsed. */
export interface MailAddress {
  name: string;
  address: string;
}

/** Parses MAIL_FROM (`Name <address>` or a bare address) into exactly one mailbox. */
export function parseMailFrom(text: string): MailAddress {
  if (/[\r\n]/.test(text)) throw new MailConfigError('MAIL_FROM', 'expected a single line');
  const parsed = addressparser(text);
  const mailbox = parsed.length === 1 ? parsed[0] : undefined;
  if (!mailbox || mailbox.group || !isBareAddress(mailbox.address)) {
    throw new MailConfigError(
      'MAIL_FROM',
      `expected one address such as "Tunnel Companion <no-reply@example.com>", found "${text}"`,
    );
  }
  return { name: mailbox.name, address: mailbox.address };
}
