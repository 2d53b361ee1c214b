import { BlankFeedbackError, cleanFeedback, openFeedbackStore } from '../src';
import { feedback, ip, manualClock, useDataDir } from './harness';

const dataDir = useDataDir();

test('control characters are removed (content keeps line breaks and tabs) and text is NFC', async () => {
  const store = await openFeedbackStore({ dataDir: dataDir(), clock: manualClock() });
  await store.submit(
    feedback('Cafe\u0301 crashed\u0007\r\nstep\t1\rstep 2\u0000\u001b[31m\u0085', {
      contact: 'ann\u000a@example.org',
      platform: 'ma\u0301c\tos',
      client_version: '\u0000',
    }),
    ip,
  );
  const [stored] = store.list({ page: 1, perPage: 1 }).records;
  expect(stored).toMatchObject({
    content: 'Café crashed\nstep\t1\nstep 2[31m',
    contact: 'ann@example.org',
    platform: 'm\u00e1cos', // NFC: á as one code point
    client_version: null,
  });
  expect(stored!.content.includes('\u0301')).toBe(false);
  await expect(store.submit(feedback('\u0000\u0001\u0002'), ip)).rejects.toBeInstanceOf(BlankFeedbackError);
  expect(store.list({ page: 1, perPage: 10 }).total).toBe(1);
  await store.close();
});

test('cleanFeedback leaves ordinary text exactly as given', () => {
  const text = '  Zoom at 150 % breaks the "Tunnels" page — ünïcödé, emoji 🚇, <b>tags</b> & spaces  ';
  expect(cleanFeedback(feedback(text, { type: 'bug' }))).toEqual({
    type: 'bug',
    content: text.trim(), // trimmed by the schema, not by the store
    contact: undefined,
    client_version: undefined,
    platform: undefined,
  });
});
