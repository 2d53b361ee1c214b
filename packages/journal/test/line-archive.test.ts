import { encodeLine, LineArchive } from '../src';

test('keeps lines across segments and parses them on demand', () => {
  const archive = new LineArchive();
  const big = 'y'.repeat(9 << 20); // larger than a segment
  const texts = ['a', big, ...Array.from({ length: 5000 }, (_, i) => `record ${i} ü`)];
  texts.forEach((text, i) => {
    const line = encodeLine(i + 1, { text });
    expect(archive.push(line.subarray(0, line.length - 1))).toBe(i);
  });
  expect(archive.length).toBe(texts.length);
  expect(archive.record<{ text: string }>(0)).toEqual({ seq: 1, text: 'a' });
  expect(archive.record<{ text: string }>(1).text).toBe(big);
  expect(archive.record<{ text: string }>(5001)).toEqual({ seq: 5002, text: 'record 4999 ü' });
  expect(() => archive.bytes(texts.length)).toThrow(RangeError);
});

test('a stored line is a copy, safe from later reuse of the caller buffer', () => {
  const archive = new LineArchive();
  const line = encodeLine(1, { text: 'kept' });
  archive.push(line.subarray(0, line.length - 1));
  line.fill(0);
  expect(archive.record<{ text: string }>(0).text).toBe('kept');
});
