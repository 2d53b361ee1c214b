import { markdownToPlainText } from '../src/plain-text';

describe('the text part of a Markdown message', () => {
  it.each([
    ['emphasis marks go', 'Error **PORT1001** is _fixed_ in `1.4.2`.', 'Error PORT1001 is fixed in 1.4.2.\n'],
    ['a link keeps its address beside its words', 'Read the [docs](https://example.com/docs).', 'Read the docs (https://example.com/docs).\n'],
    ['a bare address stays as it is', 'See <https://example.com>.', 'See https://example.com.\n'],
    ['headings and paragraphs are separated by a blank line', '# Maintenance\n\nWe will be down.', 'Maintenance\n\nWe will be down.\n'],
    ['lists keep their markers', '- one\n- two **bold**\n\n1. first\n2. second', '- one\n- two bold\n\n1. first\n2. second\n'],
    ['raw HTML is dropped, as from the HTML part', 'Hello <b>there</b><script>x</script>', 'Hello there\n'],
    ['code blocks keep their text', '```\nport = 8443\n```', 'port = 8443\n'],
  ])('%s', (_, markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });
});
