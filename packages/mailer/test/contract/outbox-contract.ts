import { simpleParser } from 'mailparser';
import { StorageUnavailableError } from '@companion/journal';
import type { Clock } from '@companion/schema';
import type { OutboxBackend } from './outbox-backend';

async function until(probe: () => boolean, what: string, ms = 120_000): Promise<void> {
  for (const deadline = Date.now() + ms; !probe(); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * What every outbox store promises (files, PostgreSQL), written once: each message kept as the
 * exact bytes an SMTP server would get, found by its message_id, in sending order, concurrent
 * sends kept apart, and a store that refuses: the send rejects with the cause, nothing is kept,
 * /health shows the fault (told once), and it heals by itself.
 */
export function outboxContract(backend: OutboxBackend): void {
  if (backend.unavailable) console.log(`${backend.name}: ${backend.unavailable}`);
  (backend.unavailable ? describe.skip : describe)(`outbox contract: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 120_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    it('keeps each message as bytes that parse back to what was sent, named after its message_id', async () => {
      const mailer = await backend.open();
      const receipt = await mailer.send({
        to: ['ada@example.com', 'grace@example.org'],
        subject: 'Notice: maintenance',
        markdown: 'We will be **down** <script>alert(1)</script> for an hour.',
      });

      const kept = await backend.messages();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.name).toMatch(/^\d{8}T\d{6}\.\d{6}Z-[A-Za-z0-9._@-]+\.eml$/);
      expect(kept[0]!.name).toContain(receipt.message_id.slice(1, -1)); // the 202's message_id finds it
      expect(kept[0]!.raw.includes('\r\n')).toBe(true);
      const parsed = await simpleParser(kept[0]!.raw);
      expect(parsed.subject).toBe('Notice: maintenance');
      expect(parsed.from?.value).toEqual([{ name: 'Tunnel Companion', address: 'no-reply@localhost' }]);
      const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
      expect(to.flatMap((group) => group?.value.map((mailbox) => mailbox.address))).toEqual(['ada@example.com', 'grace@example.org']);
      expect(parsed.html).toContain('<strong>down</strong>');
      expect(parsed.html).not.toContain('<script');
      expect(parsed.text?.trim()).toBe('We will be down  for an hour.'); // read as plain text, raw HTML dropped as in the HTML part
      expect(receipt).toEqual({ message_id: parsed.messageId, accepted: ['ada@example.com', 'grace@example.org'], rejected: [] });
      expect(mailer.health()).toMatchObject({ transport: 'outbox', writable: true, last_fault: null });
    });

    it('erases every message naming an address, as recipient, in a header or in an encoded body, and keeps the rest', async () => {
      const mailer = await backend.open();
      await mailer.send({ to: 'Ann@Example.org', subject: 'Your report', text: 'Thanks.' });
      await mailer.send({ to: 'bo@example.org', subject: 'About ann@example.org', text: 'Ann wrote.' });
      // Non-ASCII text is sent base64 or quoted-printable: the address is not in the raw bytes as typed.
      await mailer.send({ to: 'bo@example.org', subject: 'Weiterleitung', text: `Grüße – ${'ä'.repeat(80)} schreibt ANN@example.org ${'ö'.repeat(80)}` });
      await mailer.send({ to: 'bo@example.org', subject: 'Kept', text: 'Nothing of hers here.' });
      expect(await backend.messages()).toHaveLength(4);

      expect(await mailer.erase('ann@example.ORG')).toBe(3);
      const kept = await backend.messages();
      expect(kept).toHaveLength(1);
      expect((await simpleParser(kept[0]!.raw)).subject).toBe('Kept');
      expect(await mailer.erase('ann@example.org')).toBe(0);
      // The erasure reached the bytes: none of the kept messages decodes to the address.
      for (const { raw } of kept) expect(JSON.stringify(await simpleParser(raw)).toLowerCase()).not.toContain('ann@example.org');
    });

    it('keeps messages in sending order, even when the clock stalls or steps back', async () => {
      const readings = [5_000_000, 5_000_000, 4_000_000, 5_000_001];
      const clock: Clock = { nowMicros: () => readings.shift() ?? 9_000_000 };
      const mailer = await backend.open({ clock });
      const subjects = ['first', 'second', 'third', 'fourth', 'fifth'];
      for (const subject of subjects) await mailer.send({ to: 'ada@example.com', subject, text: subject });

      const kept = await backend.messages();
      const parsed = await Promise.all(kept.map(({ raw }) => simpleParser(raw)));
      expect(parsed.map((message) => message.subject)).toEqual(subjects);
    });

    it('keeps concurrent sends apart', async () => {
      const mailer = await backend.open();
      const receipts = await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send({ to: 'ada@example.com', subject: `n${i}`, text: 'x' })));
      expect(await backend.messages()).toHaveLength(20);
      expect(new Set(receipts.map((receipt) => receipt.message_id)).size).toBe(20);
    });

    it('sends text alone as a text-only message', async () => {
      const mailer = await backend.open();
      await mailer.send({ to: 'ada@example.com', subject: 'Plain', text: 'Just text' });
      const parsed = await simpleParser((await backend.messages())[0]!.raw);
      expect(parsed.text?.trim()).toBe('Just text');
      expect(parsed.html).toBe(false);
    });

    it('refuses with the cause while the store refuses, keeps nothing, shows it in health, and recovers by itself', async () => {
      const told: string[] = [];
      const mailer = await backend.open({
        events: { fault: (part, fault) => told.push(`fault ${part} ${fault.cause}`), recovered: (part) => told.push(`recovered ${part}`) },
      });
      await mailer.send({ to: 'ada@example.com', subject: 'before', text: 'x' });
      await backend.refuse();
      for (let i = 0; i < 2; i++) {
        const refusal = await mailer.send({ to: 'ada@example.com', subject: 'refused', text: 'x' }).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(StorageUnavailableError);
        expect((refusal as Error).message).not.toBe('');
      }
      expect(mailer.health()).toMatchObject({ writable: false, reason: expect.any(String), last_fault: { cleared_at: null } });
      expect(told).toHaveLength(1); // one fault, however many sends failed

      await backend.allow();
      await until(() => mailer.health().writable, 'writable again');
      expect(told).toEqual([told[0], 'recovered mail outbox']);
      expect(mailer.health().last_fault).toMatchObject({ cleared_at: expect.any(String) });
      await mailer.send({ to: 'ada@example.com', subject: 'after', text: 'x' });
      const subjects = await Promise.all((await backend.messages()).map(async ({ raw }) => (await simpleParser(raw)).subject));
      expect(subjects).toEqual(['before', 'after']);
    });
  });
}
