import type { EmailInput } from '@companion/schema';
// Only the Markdown pipeline: the rest of the content package (watching, loading) is not needed here.
import { renderMarkdown } from '@companion/content/markdown';
import type { SendMailOptions } from 'nodemailer';
import { isBareAddress, toSingleLine } from './header-safety';
import { markdownToPlainText } from './plain-text';
import type { MailAddress } from './mail-from';

/**
 * Turns a validated request into nodemailer's message options. Only the fixed sender, the
 * recipients and the subject reach the headers; text and markdown only ever reach the body.
 */
export function composeMessage(input: EmailInput, from: MailAddress): SendMailOptions {
  const to = recipientsOf(input);
  return {
    from,
    to,
    // An explicit envelope keeps MAIL FROM / RCPT TO exactly what was checked here.
    envelope: { from: from.address, to: to.map((mailbox) => mailbox.address) },
    subject: toSingleLine(input.subject),
    // Without a text of its own, the text part is what the HTML part reads as, in plain text.
    text: input.text ?? (input.markdown === undefined ? undefined : markdownToPlainText(input.markdown)),
    html: input.markdown === undefined ? undefined : htmlDocument(renderMarkdown(input.markdown)),
    // Bodies are strings from the request; never let nodemailer read a path or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
  };
}

/** The recipient list, or a TypeError if an address could be read as more than one mailbox. */
function recipientsOf(input: EmailInput): MailAddress[] {
  const addresses = typeof input.to === 'string' ? [input.to] : input.to;
  return addresses.map((address) => {
    if (!isBareAddress(address)) {
      throw new TypeError('recipient is not a bare e-mail address; validate with EmailInput first');
    }
    return { name: '', address };
  });
}

function htmlDocument(body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n${body}</body></html>\n`;
}
