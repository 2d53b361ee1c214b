import type { SMTPServerOptions } from 'smtp-server';
import { createMailer, MailError } from '../src/index';
import { smtpMailerConfig } from './support/config';
import { closedPort, startClosingServer, startSilentServer } from './support/raw-servers';
import { startSmtpServer } from './support/smtp-server';

const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hello' };
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track<T extends { close(): Promise<void> }>(thing: T): T {
  cleanups.push(() => thing.close());
  return thing;
}

/** Resolves with the MailError the send was rejected with. */
async function failure(sending: Promise<unknown>): Promise<MailError> {
  const error = await sending.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MailError);
  return error as MailError;
}

function refusing(prefix: string): SMTPServerOptions['onRcptTo'] {
  return (address, _session, callback) => {
    if (!address.address.startsWith(prefix)) return callback();
    const error = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 });
    callback(error);
  };
}

describe('SMTP authentication', () => {
  const onAuth: SMTPServerOptions['onAuth'] = (auth, _session, callback) =>
    auth.username === 'mailer' && auth.password === 'right-pass'
      ? callback(null, { user: auth.username })
      : callback(new Error('Invalid username or password'));
  const authRequired = () => startSmtpServer({ authOptional: false, allowInsecureAuth: true, onAuth });

  it('sends with the right credentials', async () => {
    const server = track(await authRequired());
    const mailer = track(createMailer(smtpMailerConfig(server.port, { auth: { user: 'mailer', pass: 'right-pass' } })));

    await expect(mailer.send(message)).resolves.toMatchObject({ accepted: ['ada@example.com'] });
    expect(server.received).toHaveLength(1);
  });

  it('fails with MAIL_UPSTREAM_FAILED on a wrong password, quoting the reply and not the password', async () => {
    const server = track(await authRequired());
    const mailer = track(createMailer(smtpMailerConfig(server.port, { auth: { user: 'mailer', pass: 'wrong-pass' } })));

    const error = await failure(mailer.send(message));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).toMatch(/^SMTP authentication failed: 535 /);
    expect(error.message).not.toContain('wrong-pass');
    expect(server.received).toEqual([]);
  });

  it('fails with MAIL_UPSTREAM_FAILED when the server wants credentials and has none', async () => {
    const server = track(await authRequired());
    const mailer = track(createMailer(smtpMailerConfig(server.port)));

    const error = await failure(mailer.send(message));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).toMatch(/530/);
  });
});

describe('refused recipients', () => {
  it('reports some refused recipients as rejected and still sends to the rest', async () => {
    const server = track(await startSmtpServer({ onRcptTo: refusing('nobody') }));
    const mailer = track(createMailer(smtpMailerConfig(server.port)));

    const receipt = await mailer.send({ ...message, to: ['ada@example.com', 'nobody@example.com', 'grace@example.org'] });

    expect(receipt.accepted).toEqual(['ada@example.com', 'grace@example.org']);
    expect(receipt.rejected).toEqual(['nobody@example.com']);
    expect(server.received.map((mail) => mail.rcptTo)).toEqual([['ada@example.com', 'grace@example.org']]);
  });

  it('fails with MAIL_UPSTREAM_FAILED and the reply line when every recipient is refused', async () => {
    const server = track(await startSmtpServer({ onRcptTo: refusing('') }));
    const mailer = track(createMailer(smtpMailerConfig(server.port)));

    const error = await failure(mailer.send({ ...message, to: ['ada@example.com', 'grace@example.org'] }));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).toMatch(/^the SMTP server refused every recipient: 550 5\.1\.1 </);
    expect(server.received).toEqual([]);
  });
});

describe('broken connections', () => {
  it('fails with MAIL_UPSTREAM_FAILED when the connection is refused', async () => {
    const mailer = track(createMailer(smtpMailerConfig(await closedPort())));

    const error = await failure(mailer.send(message));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).toBe('connection refused');
  });

  it('fails with MAIL_UPSTREAM_FAILED when the server closes before greeting', async () => {
    const server = track(await startClosingServer());
    const mailer = track(createMailer(smtpMailerConfig(server.port)));

    const error = await failure(mailer.send(message));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).not.toMatch(/127\.0\.0\.1/);
  });

  it('fails with MAIL_UPSTREAM_FAILED when the server drops the connection during DATA', async () => {
    const server = track(await startSmtpServer({ onData: () => server.dropConnections() }));
    const mailer = track(createMailer(smtpMailerConfig(server.port)));

    const error = await failure(mailer.send(message));
    expect(error.code).toBe('MAIL_UPSTREAM_FAILED');
    expect(error.message).toMatch(/connection/);
  });
});

describe('timeouts', () => {
  it('fails with MAIL_TIMEOUT soon after the timeout when the server never answers', async () => {
    const server = track(await startSilentServer());
    const mailer = track(createMailer(smtpMailerConfig(server.port, {}, 500)));

    const started = performance.now();
    const error = await failure(mailer.send(message));
    const elapsed = performance.now() - started;

    expect(error.code).toBe('MAIL_TIMEOUT');
    expect(error.message).toMatch(/within 500 ms/);
    // Not before the timeout; and the mailer's own timeout ended it (its message), not a socket default.
    expect(elapsed).toBeGreaterThanOrEqual(450);
  });

  it('fails with MAIL_TIMEOUT at the overall deadline when every reply is slow but none too slow', async () => {
    // Each reply comes 300 ms after the last, so no single wait reaches the 500 ms timeout,
    // yet three recipients take 900 ms: only the overall deadline stops the send.
    const slowRcpt: SMTPServerOptions['onRcptTo'] = (_address, _session, callback) => setTimeout(callback, 300);
    const server = track(await startSmtpServer({ onRcptTo: slowRcpt }));
    const mailer = track(createMailer(smtpMailerConfig(server.port, {}, 500)));

    const error = await failure(
      mailer.send({ ...message, to: ['ada@example.com', 'grace@example.org', 'linus@example.net'] }),
    );

    expect(error.code).toBe('MAIL_TIMEOUT');
    expect(error.message).toBe('the SMTP server did not finish within 500 ms');
    expect(server.received).toEqual([]);
    // The abandoned send must not leave its connection open.
    await waitFor(() => server.openConnections() === 0);
  });
});

async function waitFor(condition: () => boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
