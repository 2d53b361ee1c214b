import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { call, expectError, startServer, type TestServer } from './server';

const TOKENS = 'mail-token=email:send,other-token=errors:write';
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const message = { to: ['ops@example.org', 'dev@example.org'], subject: 'Relay maintenance', markdown: '# Tonight\n\n**Relays** restart. <script>alert(1)</script>' };

/** A real SMTP server on loopback that keeps what it receives. */
async function smtp(options: { refuse?: string; drop?: boolean } = {}): Promise<{ port: number; received: { from: string; to: string[]; mail: ParsedMail }[]; close(): Promise<void> }> {
  const received: { from: string; to: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      done(address.address === options.refuse ? Object.assign(new Error('550 no such user'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, done) {
      if (options.drop) {
        const { connections } = server as unknown as { connections: Set<{ _socket: { destroy(): void } }> };
        for (const connection of connections) connection._socket.destroy();
        stream.resume();
        return;
      }
      simpleParser(stream).then((mail) => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), mail });
        done();
      }, done);
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return { port, received, close: () => new Promise((done) => server.close(() => done())) };
}

describe('POST /api/send_email', () => {
  let api: TestServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('delivers through SMTP: envelope, subject, text and sanitized HTML', async () => {
    const mail = await smtp();
    try {
      api = await startServer({ tokens: TOKENS, env: { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'Companion <no-reply@example.org>' } });
      const res = await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify(message) });
      expect(res.status).toBe(202);
      expect(Object.keys(res.body.data)).toEqual(['message_id', 'accepted', 'rejected']);
      expect(res.body.data.accepted).toEqual(message.to);
      expect(mail.received).toHaveLength(1);
      const [got] = mail.received;
      expect(got!.from).toBe('no-reply@example.org');
      expect(got!.to).toEqual(message.to);
      expect(got!.mail.subject).toBe('Relay maintenance');
      expect(got!.mail.html).toContain('<strong>Relays</strong>');
      expect(got!.mail.html).not.toContain('<script');
      expect(got!.mail.text).toContain('Relays');
      expect(got!.mail.messageId).toBe(res.body.data.message_id);
    } finally {
      await mail.close();
    }
  });

  it('reports a refused recipient in rejected, and 502 when every recipient is refused', async () => {
    const mail = await smtp({ refuse: 'dev@example.org' });
    try {
      api = await startServer({ tokens: TOKENS, env: { SMTP_URL: `smtp://127.0.0.1:${mail.port}` } });
      const partly = await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify(message) });
      expect(partly.status).toBe(202);
      expect(partly.body.data.rejected).toEqual(['dev@example.org']);
      const none = await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify({ ...message, to: 'dev@example.org' }) });
      expectError(none, 502, 'MAIL_UPSTREAM_FAILED');
      expect(none.body.error.message).toContain('550');
    } finally {
      await mail.close();
    }
  });

  it('answers 502 when the server drops the connection and 504 when it never answers', async () => {
    const dropping = await smtp({ drop: true });
    const silent: Server = createServer(() => {}); // accepts, never greets
    await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
    try {
      api = await startServer({ tokens: TOKENS, env: { SMTP_URL: `smtp://127.0.0.1:${dropping.port}` } });
      expectError(await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify(message) }), 502, 'MAIL_UPSTREAM_FAILED');
      await api.close();
      const port = (silent.address() as AddressInfo).port;
      api = await startServer({ tokens: TOKENS, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_MS: '400' } });
      expectError(await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify(message) }), 504, 'MAIL_TIMEOUT');
    } finally {
      await dropping.close();
      silent.close();
    }
  });

  it('writes a parseable .eml into the outbox when no SMTP server is configured', async () => {
    api = await startServer({ tokens: TOKENS });
    const res = await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify({ to: 'ops@example.org', subject: 'Hello', text: 'Plain body' }) });
    expect(res.status).toBe(202);
    const outbox = join(api.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(join(outbox, files[0]!)));
    expect(parsed.subject).toBe('Hello');
    expect(parsed.text?.trim()).toBe('Plain body');
    const health = await call(`${api.url}/health`);
    expect(health.body.storage.mail).toMatchObject({ transport: 'outbox', target: 'outbox', writable: true, last_fault: null }); // no full path in public /health
  });

  it('sends nothing without a credential or with the wrong scope', async () => {
    api = await startServer({ tokens: TOKENS });
    const body = JSON.stringify(message);
    const none = await call(`${api.url}/api/send_email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expectError(none, 401, 'UNAUTHORIZED');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expectError(await call(`${api.url}/api/send_email`, { method: 'POST', headers: { ...auth(''), authorization: '' }, body }), 401, 'UNAUTHORIZED');
    expectError(await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('wrong'), body }), 401, 'UNAUTHORIZED');
    expectError(await call(`${api.url}/api/send_email`, { method: 'POST', headers: auth('other-token'), body }), 403, 'FORBIDDEN');
    await expect(readdir(join(api.dataDir, 'outbox'))).rejects.toThrow();
  });

  it('validates the body: 422 per field, 415 not JSON, 400 bad JSON, 413 too large', async () => {
    api = await startServer({ tokens: TOKENS });
    const post = (body: string, headers = auth('mail-token')) => call(`${api!.url}/api/send_email`, { method: 'POST', headers, body });
    const invalid = await post(JSON.stringify({ to: 'not-an-address', subject: 'a\r\nBcc: x@example.org', extra: 1 }));
    expectError(invalid, 422, 'VALIDATION_FAILED');
    expect(invalid.body.error.details.map((d: any) => d.path)).toEqual(expect.arrayContaining(['to', 'subject', 'extra']));
    expectError(await post(JSON.stringify({ ...message, to: Array(11).fill('a@example.org') })), 422, 'VALIDATION_FAILED');
    expectError(await post('to=a', { ...auth('mail-token'), 'content-type': 'application/x-www-form-urlencoded' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await post('{"to":'), 400, 'INVALID_JSON');
    expectError(await post(JSON.stringify({ ...message, text: 'x'.repeat(70 * 1024) })), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('limits sends per credential with 429 and Retry-After', async () => {
    api = await startServer({ tokens: TOKENS, env: { RATE_LIMIT_EMAIL: '2/1h' } });
    const send = () => call(`${api!.url}/api/send_email`, { method: 'POST', headers: auth('mail-token'), body: JSON.stringify({ to: 'a@example.org', subject: 's', text: 't' }) });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const limited = await send();
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
