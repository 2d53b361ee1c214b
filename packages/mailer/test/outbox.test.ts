import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Clock } from '@companion/schema';
import { createMailer, mailerConfigFromEnv, type Mailer } from '../src/index';

let dataDir: string;
let mailer: Mailer;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-outbox-'));
});

afterEach(async () => {
  await mailer?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const outbox = () => path.join(dataDir, 'outbox');

describe('the outbox (no SMTP configured)', () => {
  it('writes each message as an .eml file that parses back to what was sent', async () => {
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }));

    const receipt = await mailer.send({
      to: ['ada@example.com', 'grace@example.org'],
      subject: 'Notice: maintenance',
      markdown: 'We will be **down** <script>alert(1)</script> for an hour.',
    });

    const files = await readdir(outbox());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}\.\d{6}Z-[A-Za-z0-9._@-]+\.eml$/);
    expect(files[0]).toContain(receipt.message_id.slice(1, -1)); // the 202's message_id finds the file
    const raw = await readFile(path.join(outbox(), files[0]!));
    expect(raw.includes('\r\n')).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Notice: maintenance');
    expect(parsed.from?.value).toEqual([{ name: 'Tunnel Companion', address: 'no-reply@localhost' }]);
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(to.flatMap((group) => group?.value.map((mailbox) => mailbox.address))).toEqual([
      'ada@example.com',
      'grace@example.org',
    ]);
    expect(parsed.html).toContain('<strong>down</strong>');
    expect(parsed.html).not.toContain('<script');
    expect(parsed.text?.trim()).toBe('We will be down  for an hour.'); // read as plain text, raw HTML dropped as in the HTML part
    expect(receipt).toEqual({
      message_id: parsed.messageId,
      accepted: ['ada@example.com', 'grace@example.org'],
      rejected: [],
    });
  });

  it('names files so they sort in sending order and never collide, even when the clock stalls or steps back', async () => {
    const readings = [5_000_000, 5_000_000, 4_000_000, 5_000_001];
    const clock: Clock = { nowMicros: () => readings.shift() ?? 9_000_000 };
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }), { clock });

    const subjects = ['first', 'second', 'third', 'fourth', 'fifth'];
    for (const subject of subjects) await mailer.send({ to: 'ada@example.com', subject, text: subject });

    const files = (await readdir(outbox())).sort();
    expect(files).toHaveLength(subjects.length);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const parsedSubjects = [];
    for (const file of files) parsedSubjects.push((await simpleParser(await readFile(path.join(outbox(), file)))).subject);
    expect(parsedSubjects).toEqual(subjects);
  });

  it('keeps concurrent sends apart and leaves no temporary files', async () => {
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }));

    const receipts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mailer.send({ to: 'ada@example.com', subject: `n${i}`, text: 'x' })),
    );

    const files = await readdir(outbox());
    expect(files).toHaveLength(20);
    expect(files.filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(new Set(receipts.map((receipt) => receipt.message_id)).size).toBe(20);
  });

  it('sends text alone as a text-only message', async () => {
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }));
    await mailer.send({ to: 'ada@example.com', subject: 'Plain', text: 'Just text' });

    const [file] = await readdir(outbox());
    const parsed = await simpleParser(await readFile(path.join(outbox(), file!)));
    expect(parsed.text?.trim()).toBe('Just text');
    expect(parsed.html).toBe(false);
  });

  it('describes the outbox folder as its target', () => {
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }));
    expect(mailer.describe()).toEqual({ transport: 'outbox', target: outbox() });
  });

  it('fails with MAIL_UPSTREAM_FAILED when the outbox cannot be written, shows it in health, and recovers by itself', async () => {
    await writeFile(outbox(), 'a file where the folder should be');
    const told: string[] = [];
    mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dataDir }), {
      events: { fault: (part, fault) => told.push(`fault ${part} ${fault.cause}`), recovered: (part) => told.push(`recovered ${part}`) },
    });
    expect(mailer.health()).toMatchObject({ transport: 'outbox', target: 'outbox', writable: true, last_fault: null });

    for (let i = 0; i < 2; i++) {
      await expect(mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' })).rejects.toMatchObject({
        code: 'MAIL_UPSTREAM_FAILED',
        message: expect.stringMatching(/^could not write the message to the outbox \(outbox\/\S+\.eml: .*E[A-Z]+\)?\)$/),
      });
    }
    expect(mailer.health()).toMatchObject({ writable: false, reason: expect.stringMatching(/^outbox\//), last_fault: { cleared_at: null } });
    expect(JSON.stringify(mailer.health())).not.toContain(dataDir); // no full path in /health
    expect(told).toHaveLength(1); // one fault, however many sends failed

    await rm(outbox());
    while (!mailer.health().writable) await new Promise((done) => setTimeout(done, 20));
    expect(told).toEqual([told[0], 'recovered mail outbox']);
    expect(mailer.health().last_fault).toMatchObject({ cleared_at: expect.any(String) });
    await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' });
    expect((await readdir(outbox())).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });
});
