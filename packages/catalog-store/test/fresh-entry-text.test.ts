import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { toErrorEntry, toErrorEntryFile, type ErrorEntryFile } from '@companion/schema';
import { parse } from 'yaml';
import { freshEntryText } from '../src';
import { fieldText } from '../src/entry-yaml';
import { plainFieldText } from '../src/entry-yaml-fast';

const SHIPPED = resolve(import.meta.dirname, '../../../content/errors');

/** A small seeded generator, so a failure names a string that comes back on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

// Letters and the characters YAML gives a meaning to, at the start, inside and at the end of a value.
const ALPHABET = ['a', 'Z', 'é', '→', '0', '9', ' ', ' ', ':', '#', '-', '?', '.', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '\t', '\n', '\\', '~', '\u0085', '\u2028', '\ufeff', '😀'];
const WORDS = ['null', 'true', 'False', 'yes', '1', '1.5', '0x1F', '.inf', '2026-11-26T14:10:00.123456Z', 'Check', 'the', 'network.'];

function generated(next: () => number): string {
  let text = '';
  const length = 1 + Math.floor(next() * 12);
  for (let i = 0; i < length; i++) {
    text += next() < 0.3 ? WORDS[Math.floor(next() * WORDS.length)] : ALPHABET[Math.floor(next() * ALPHABET.length)];
  }
  return text;
}

test('a field written by hand is byte for byte what yaml writes, for every value it takes', () => {
  const next = random(17);
  let taken = 0;
  for (let i = 0; i < 20_000; i++) {
    const value = generated(next);
    for (const [key, field] of [['Info', value], ['category', value], ['Solution', [value, 'Retry.']]] as const) {
      const text = plainFieldText(key, field, 100);
      if (text === null) continue;
      taken++;
      expect({ value, text }).toEqual({ value, text: fieldText(key, field) });
    }
  }
  expect(taken).toBeGreaterThan(5_000); // the fast writer takes a real share of these, not none
});

test('a long Info is folded at 100 columns exactly as yaml folds it', () => {
  const next = random(5);
  for (let i = 0; i < 2_000; i++) {
    const words = Array.from({ length: 10 + Math.floor(next() * 60) }, () => 'x'.repeat(1 + Math.floor(next() * 25)));
    const info = words.join(next() < 0.2 ? '  ' : ' ');
    expect(plainFieldText('Info', info, 100)).toBe(fieldText('Info', info));
  }
});

test('every shipped entry is written as yaml alone writes it', async () => {
  for (const name of (await readdir(SHIPPED)).filter((n) => n.endsWith('.yaml'))) {
    const file = toErrorEntryFile(toErrorEntry(parse(await readFile(join(SHIPPED, name), 'utf8')) as ErrorEntryFile));
    const byYaml = Object.entries(file)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => fieldText(key as keyof ErrorEntryFile, value))
      .join('');
    expect(freshEntryText(toErrorEntry(file as ErrorEntryFile))).toBe(byYaml);
  }
});
