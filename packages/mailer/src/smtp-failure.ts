import type { NodemailerError } from 'nodemailer';
import { MailError } from './errors';

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/**
 * Translates a nodemailer failure into a MailError whose message is fit for a client: a
 * fixed phrase per failure kind plus, where there is one, the server's reply line. Raw
 * error messages are left out because they may name internal hosts and addresses.
 */
export function toMailError(error: unknown, timeoutMs: number): MailError {
  if (error instanceof MailError) return error;
  const failure = (error ?? {}) as NodemailerError;
  const reply = failure.response ? `: ${replyLine(failure.response)}` : '';
  const upstream = (what: string) => new MailError('MAIL_UPSTREAM_FAILED', `${what}${reply}`, { cause: error });

  switch (failure.code) {
    case 'ETIMEDOUT':
      return new MailError('MAIL_TIMEOUT', `the SMTP server did not answer within ${timeoutMs} ms`, {
        cause: error,
      });
    case 'EAUTH':
      return upstream('SMTP authentication failed');
    case 'ENOAUTH':
      return upstream('the SMTP server requires credentials');
    case 'EENVELOPE':
      return upstream(
        failure.rejected?.length ? 'the SMTP server refused every recipient' : 'the SMTP server refused the envelope',
      );
    case 'EMESSAGE':
      return upstream('the SMTP server refused the message');
    case 'ETLS':
      return upstream(`TLS with the SMTP server failed${detail(failure.originalCode)}`);
    case 'EDNS':
      return upstream('the SMTP host name could not be resolved');
    case 'ECONNECTION':
      return upstream('the SMTP server closed the connection');
    case 'ESOCKET':
      return upstream(
        SYSTEM_CODES[failure.originalCode ?? ''] ??
          `the connection to the SMTP server failed${detail(failure.originalCode)}`,
      );
    default:
      return upstream(`SMTP delivery failed${detail(failure.originalCode ?? failure.code)}`);
  }
}

/** The first line of a server reply, printable ASCII only, at most 200 characters. */
function replyLine(response: string): string {
  const line = response.split(/\r?\n/, 1)[0] ?? '';
  return line.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/** A code such as CERT_HAS_EXPIRED tells an operator what to fix and reveals nothing. */
function detail(code: string | undefined): string {
  return code && /^[A-Z0-9_]{1,40}$/.test(code) ? ` (${code})` : '';
}
