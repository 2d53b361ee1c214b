import path from 'node:path';
import { MailConfigError } from './errors';
import { readBoolean, readInteger, readSecret, readString, type Env } from './env-values';
import { parseMailFrom, type MailAddress } from './mail-from';

/** Where and how to reach an SMTP server. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (smtps, usually port 465). */
  secure: boolean;
  /** Refuse to send unless the server upgrades the connection with STARTTLS. */
  requireTls: boolean;
  rejectUnauthorized: boolean;
  auth: { user: string; pass: string } | null;
}

export interface MailerConfig {
  /** Every message is sent from this address; callers cannot choose it. */
  from: MailAddress;
  /** Bounds each SMTP wait and the whole of one send. */
  timeoutMs: number;
  /** null: no SMTP server, messages go to the outbox. */
  smtp: SmtpConfig | null;
  outboxDir: string;
}

const DEFAULT_FROM = 'Tunnel Companion <no-reply@localhost>';
const DEFAULT_TIMEOUT_MS = 10_000;
// Ten minutes is already longer than any HTTP client waits for its answer.
const MAX_TIMEOUT_MS = 600_000;
const SEPARATE_SMTP_VARIABLES = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SECURE'];

/** Reads the mailer settings; throws MailConfigError naming the first unusable variable. */
export function mailerConfigFromEnv(env: Env): MailerConfig {
  return {
    from: parseMailFrom(readString(env, 'MAIL_FROM') ?? DEFAULT_FROM),
    timeoutMs:
      readInteger(env, 'SMTP_TIMEOUT_MS', { min: 1, max: MAX_TIMEOUT_MS }) ?? DEFAULT_TIMEOUT_MS,
    smtp: readSmtp(env),
    outboxDir: path.resolve(readString(env, 'DATA_DIR') ?? './.data', 'outbox'),
  };
}

function readSmtp(env: Env): SmtpConfig | null {
  const url = readString(env, 'SMTP_URL');
  const tls = {
    requireTls: readBoolean(env, 'SMTP_REQUIRE_TLS') ?? false,
    rejectUnauthorized: readBoolean(env, 'SMTP_TLS_REJECT_UNAUTHORIZED') ?? true,
  };
  if (url !== undefined) {
    // Two sources for the same setting would leave the reader guessing which one won.
    const clash = SEPARATE_SMTP_VARIABLES.find((name) => readSecret(env, name) !== undefined);
    if (clash) {
      throw new MailConfigError(clash, 'cannot be combined with SMTP_URL; use one or the other');
    }
    return { ...parseSmtpUrl(url), ...tls };
  }
  const host = readString(env, 'SMTP_HOST');
  if (host === undefined) {
    const stray = SEPARATE_SMTP_VARIABLES.find((name) => readSecret(env, name) !== undefined);
    if (stray) throw new MailConfigError(stray, 'is set but SMTP_HOST is not');
    return null;
  }
  if (/[\s/@]/.test(host)) {
    throw new MailConfigError('SMTP_HOST', 'expected a host name or IP address');
  }
  const secure = readBoolean(env, 'SMTP_SECURE') ?? false;
  const port = readInteger(env, 'SMTP_PORT', { min: 1, max: 65_535 }) ?? (secure ? 465 : 587);
  const user = readString(env, 'SMTP_USER');
  const pass = readSecret(env, 'SMTP_PASS');
  if ((user === undefined) !== (pass === undefined)) {
    const missing = user === undefined ? 'SMTP_USER' : 'SMTP_PASS';
    throw new MailConfigError(missing, 'SMTP_USER and SMTP_PASS go together');
  }
  const auth = user !== undefined && pass !== undefined ? { user, pass } : null;
  return { host, port, secure, auth, ...tls };
}

function parseSmtpUrl(text: string): Omit<SmtpConfig, 'requireTls' | 'rejectUnauthorized'> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The value may carry a password, so it is not echoed back.
    throw new MailConfigError('SMTP_URL', 'expected a URL such as smtp://user:pass@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailConfigError('SMTP_URL', `expected the smtp: or smtps: scheme, found ${url.protocol}`);
  }
  if (url.hostname === '') throw new MailConfigError('SMTP_URL', 'expected a host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') {
    throw new MailConfigError('SMTP_URL', 'expected no path, query or fragment after host:port');
  }
  const secure = url.protocol === 'smtps:';
  const user = decodeUserInfo(url.username);
  const pass = decodeUserInfo(url.password);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth: user !== '' ? { user, pass } : null,
  };
}

function decodeUserInfo(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new MailConfigError('SMTP_URL', 'expected the user and password to be percent-encoded');
  }
}
