import { simpleParser } from 'mailparser';
import type { EmailInput } from '@companion/schema';
import { createMailer, type Mailer } from '../src/index';
import { smtpMailerConfig } from './support/config';
import { startSmtpServer, type RunningSmtpServer } from './support/smtp-server';

let server: RunningSmtpServer;
let mailer: Mailer;

afterEach(async () => {
  await mailer?.close();
  await server?.close();
});

async function sendThroughServer(input: EmailInput) {
  server = await startSmtpServer();
  mailer = createMailer(smtpMailerConfig(server.port));
  const receipt = await mailer.send(input);
  const [mail] = server.received;
  if (!mail) throw new Error('the server received nothing');
  return { receipt, mail, parsed: await simpleParser(mail.raw) };
}

describe('sending through SMTP', () => {
  it('delivers the message with the fixed sender, the envelope, the subject and both parts', async () => {
    const { receipt, mail, parsed } = await sendThroughServer({
      to: 'ada@example.com',
      subject: 'Release 1.6.0 is out',
      markdown: 'Hello **Ada**,\n\n- one\n- two\n',
    });

    expect(mail.mailFrom).toBe('no-reply@companion.test');
    expect(mail.rcptTo).toEqual(['ada@example.com']);
    expect(parsed.from?.value).toEqual([{ name: 'Tunnel Companion', address: 'no-reply@companion.test' }]);
    expect(parsed.subject).toBe('Release 1.6.0 is out');
    expect(parsed.text?.trim()).toBe('Hello Ada,\n\n- one\n- two'); // plain text, not Markdown source
    expect(parsed.html).toContain('<strong>Ada</strong>');
    expect(parsed.html).toContain('<li>two</li>');
    expect(receipt).toEqual({ message_id: parsed.messageId, accepted: ['ada@example.com'], rejected: [] });
    expect(receipt.message_id).toMatch(/^<[^<>\s]+@companion\.test>$/);
  });

  it('delivers one message to every recipient', async () => {
    const to = ['ada@example.com', 'grace@example.org', 'linus@example.net'];
    const { receipt, mail, parsed } = await sendThroughServer({ to, subject: 'Hi all', text: 'Hello' });

    expect(mail.rcptTo).toEqual(to);
    expect(receipt.accepted).toEqual(to);
    expect(receipt.rejected).toEqual([]);
    const header = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(header.flatMap((group) => group?.value.map((mailbox) => mailbox.address))).toEqual(to);
  });

  it('sends text alone as a text-only message', async () => {
    const { parsed } = await sendThroughServer({ to: 'ada@example.com', subject: 'Plain', text: 'Just <b>text</b>' });

    expect(parsed.text?.trim()).toBe('Just <b>text</b>');
    expect(parsed.html).toBe(false);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
  });

  it('uses the given text as the plain part when markdown is given too', async () => {
    const { parsed } = await sendThroughServer({
      to: 'ada@example.com',
      subject: 'Both',
      text: 'The plain version',
      markdown: 'The *rich* version',
    });

    expect(parsed.text?.trim()).toBe('The plain version');
    expect(parsed.html).toContain('<em>rich</em>');
  });

  it('sanitizes the HTML rendered from markdown', async () => {
    const { parsed } = await sendThroughServer({
      to: 'ada@example.com',
      subject: 'Sanitized',
      markdown:
        'Safe *text*\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2))\n\n<img src=x onerror="alert(3)">',
    });

    expect(parsed.html).toContain('<em>text</em>');
    expect(parsed.html).not.toMatch(/<script|javascript:|onerror/i);
  });

  it('lets no line break from the subject reach the headers', async () => {
    // Bypasses the schema on purpose: the mailer must hold even when a caller skips validation.
    const { mail, parsed } = await sendThroughServer({
      to: 'ada@example.com',
      subject: 'Hello\r\nBcc: mallory@evil.test\r\nX-Injected: yes',
      text: 'body',
    } as EmailInput);

    expect(mail.rcptTo).toEqual(['ada@example.com']);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe('Hello Bcc: mallory@evil.test X-Injected: yes');
  });

  it('refuses a recipient that an address parser could read as several', async () => {
    server = await startSmtpServer();
    mailer = createMailer(smtpMailerConfig(server.port));

    for (const to of ['ada@example.com, mallory@evil.test', 'Ada <ada@example.com>', 'ada@example.com\r\nBcc: x@y.z']) {
      await expect(mailer.send({ to, subject: 'x', text: 'x' })).rejects.toThrow(TypeError);
    }
    expect(server.received).toEqual([]);
  });

  it('describes its target as host:port and never shows the password', async () => {
    server = await startSmtpServer();
    mailer = createMailer(smtpMailerConfig(server.port, { auth: { user: 'mailer', pass: 's3cret-pass' } }));

    expect(mailer.describe()).toEqual({ transport: 'smtp', target: `127.0.0.1:${server.port}` });
    expect(JSON.stringify(mailer.describe())).not.toContain('s3cret-pass');
  });

  it('refuses to send once closed', async () => {
    server = await startSmtpServer();
    mailer = createMailer(smtpMailerConfig(server.port));
    await mailer.close();

    await expect(mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' })).rejects.toThrow('closed');
  });
});
