import path from 'node:path';
import { MailConfigError, mailerConfigFromEnv, type Env } from '../src/index';

function configError(env: Env): MailConfigError {
  try {
    mailerConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(MailConfigError);
    return error as MailConfigError;
  }
  throw new Error('expected a configuration error');
}

describe('mailerConfigFromEnv', () => {
  it('falls back to the outbox and the defaults when nothing is set', () => {
    expect(mailerConfigFromEnv({})).toEqual({
      from: { name: 'Tunnel Companion', address: 'no-reply@localhost' },
      timeoutMs: 10_000,
      smtp: null,
      outboxDir: path.resolve('.data', 'outbox'),
    });
  });

  it('treats blank values as unset', () => {
    expect(mailerConfigFromEnv({ SMTP_URL: '', SMTP_HOST: ' ', MAIL_FROM: '', SMTP_TIMEOUT_MS: '' })).toEqual(
      mailerConfigFromEnv({}),
    );
  });

  it('reads SMTP_URL, decoding the credentials', () => {
    const config = mailerConfigFromEnv({ SMTP_URL: 'smtp://mailer%40corp:p%40ss%20word@mail.example.com:2525' });
    expect(config.smtp).toEqual({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      requireTls: false,
      rejectUnauthorized: true,
      auth: { user: 'mailer@corp', pass: 'p@ss word' },
    });
  });

  it('takes smtps: as implicit TLS on port 465 by default', () => {
    expect(mailerConfigFromEnv({ SMTP_URL: 'smtps://mail.example.com' }).smtp).toMatchObject({
      port: 465,
      secure: true,
      auth: null,
    });
    expect(mailerConfigFromEnv({ SMTP_URL: 'smtp://[::1]' }).smtp).toMatchObject({ host: '::1', port: 587 });
  });

  it('reads the separate SMTP variables and the shared settings', () => {
    const config = mailerConfigFromEnv({
      SMTP_HOST: 'mail.example.com',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASS: ' spaces kept ',
      SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
      SMTP_REQUIRE_TLS: 'yes',
      SMTP_TIMEOUT_MS: '2500',
      MAIL_FROM: 'ops@example.com',
      DATA_DIR: '/var/lib/companion',
    });
    expect(config).toEqual({
      from: { name: '', address: 'ops@example.com' },
      timeoutMs: 2500,
      smtp: {
        host: 'mail.example.com',
        port: 465,
        secure: true,
        requireTls: true,
        rejectUnauthorized: false,
        auth: { user: 'mailer', pass: ' spaces kept ' },
      },
      outboxDir: '/var/lib/companion/outbox',
    });
    expect(mailerConfigFromEnv({ SMTP_HOST: 'localhost', SMTP_PORT: '25' }).smtp).toMatchObject({
      port: 25,
      secure: false,
      auth: null,
    });
  });

  it.each<[Env, string, RegExp]>([
    [{ SMTP_TIMEOUT_MS: '5s' }, 'SMTP_TIMEOUT_MS', /integer from 1 to 600000, found "5s"/],
    [{ SMTP_TIMEOUT_MS: '0' }, 'SMTP_TIMEOUT_MS', /integer/],
    [{ SMTP_HOST: 'h', SMTP_PORT: '70000' }, 'SMTP_PORT', /from 1 to 65535/],
    [{ SMTP_HOST: 'h', SMTP_PORT: '25.5' }, 'SMTP_PORT', /integer/],
    [{ SMTP_HOST: 'h', SMTP_SECURE: 'maybe' }, 'SMTP_SECURE', /yes or no \(on\/off, true\/false, 1\/0\)/],
    [{ SMTP_TLS_REJECT_UNAUTHORIZED: 'nope' }, 'SMTP_TLS_REJECT_UNAUTHORIZED', /yes or no \(on\/off, true\/false, 1\/0\)/],
    [{ SMTP_HOST: 'user@host' }, 'SMTP_HOST', /host name/],
    [{ SMTP_HOST: 'h', SMTP_USER: 'u' }, 'SMTP_PASS', /go together/],
    [{ SMTP_HOST: 'h', SMTP_PASS: 'p' }, 'SMTP_USER', /go together/],
    [{ SMTP_PORT: '25' }, 'SMTP_PORT', /SMTP_HOST is not/],
    [{ SMTP_USER: 'u', SMTP_PASS: 'p' }, 'SMTP_USER', /SMTP_HOST is not/],
    [{ SMTP_URL: 'smtp://h', SMTP_HOST: 'h' }, 'SMTP_HOST', /cannot be combined with SMTP_URL/],
    [{ SMTP_URL: 'http://h' }, 'SMTP_URL', /smtp: or smtps:/],
    [{ SMTP_URL: 'smtp://h/path' }, 'SMTP_URL', /no path, query/],
    [{ SMTP_URL: 'smtp://h?tls=1' }, 'SMTP_URL', /no path, query/],
    [{ SMTP_URL: 'smtp://u:%zz@h' }, 'SMTP_URL', /percent-encoded/],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM', /one address/],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, 'MAIL_FROM', /one address/],
    [{ MAIL_FROM: 'A <a@example.com>\r\nBcc: b@example.com' }, 'MAIL_FROM', /single line/],
  ])('rejects %j naming %s', (env, variable, problem) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^${variable}: `));
    expect(error.message).toMatch(problem);
  });

  it('never echoes an SMTP_URL, which may hold a password', () => {
    for (const SMTP_URL of ['smtp://user:hunter2@', 'ftp://user:hunter2@h', 'smtp://user:hunter2@h/x']) {
      expect(configError({ SMTP_URL }).message).not.toContain('hunter2');
    }
  });
});
