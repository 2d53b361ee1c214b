import { createMailer, MailError, type Mailer } from '../src/index';
import { smtpMailerConfig } from './support/config';
import { startSmtpServer, type RunningSmtpServer } from './support/smtp-server';

const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hello' };
let server: RunningSmtpServer;
let mailer: Mailer;

afterEach(async () => {
  await mailer?.close();
  await server?.close();
});

// smtp-server's built-in certificate is self-signed (and expired): a certificate no client
// should trust unless told to.
describe('TLS', () => {
  it('refuses an untrusted certificate on implicit TLS, naming the problem', async () => {
    server = await startSmtpServer({ secure: true });
    mailer = createMailer(smtpMailerConfig(server.port, { secure: true }));

    const error = await mailer.send(message).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MailError);
    expect(error).toMatchObject({
      code: 'MAIL_UPSTREAM_FAILED',
      message: expect.stringMatching(/\((CERT_|DEPTH_|SELF_)\w+\)$/),
    });
    expect(server.received).toEqual([]);
  });

  it('sends over implicit TLS when certificate checks are turned off', async () => {
    server = await startSmtpServer({ secure: true });
    mailer = createMailer(smtpMailerConfig(server.port, { secure: true, rejectUnauthorized: false }));

    await expect(mailer.send(message)).resolves.toMatchObject({ accepted: ['ada@example.com'] });
    expect(server.received).toHaveLength(1);
  });

  it('upgrades with STARTTLS when required', async () => {
    server = await startSmtpServer({ disabledCommands: [] });
    mailer = createMailer(smtpMailerConfig(server.port, { requireTls: true, rejectUnauthorized: false }));

    await expect(mailer.send(message)).resolves.toMatchObject({ accepted: ['ada@example.com'] });
  });

  it('never falls back to plain text when STARTTLS is required but not offered', async () => {
    server = await startSmtpServer();
    mailer = createMailer(smtpMailerConfig(server.port, { requireTls: true }));

    await expect(mailer.send(message)).rejects.toMatchObject({ code: 'MAIL_UPSTREAM_FAILED' });
    expect(server.received).toEqual([]);
  });
});
