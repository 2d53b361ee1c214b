/** The two ways a send can fail that the API reports to its caller. */
export type MailErrorCode = 'MAIL_UPSTREAM_FAILED' | 'MAIL_TIMEOUT';

/**
 * A failed send. `message` is short and safe to show a client: it names what went wrong and
 * may quote the SMTP server's reply line, never a credential or a stack. The original error,
 * for the server's own log, is kept as `cause`.
 */
export class MailError extends Error {
  override readonly name = 'MailError';

  constructor(
    readonly code: MailErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A configuration value that cannot be used; `variable` names the environment variable. */
export class MailConfigError extends Error {
  override readonly name = 'MailConfigError';

  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}
