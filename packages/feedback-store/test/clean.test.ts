import { cleanFeedback } from '../src';
import { feedback } from './harness';

// The store-level cleaning (control characters, NFC, blank) is in the contract suite.
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
