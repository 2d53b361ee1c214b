import { BoundedMap } from '@companion/http-kit';
import type { Coding } from './compile';

/** The coding an Accept-Encoding header prefers most: q-values honoured; on a tie br, then gzip, then identity. */
export function parseAcceptEncoding(header: string): Coding {
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: string, fallback: number) => q[name] ?? q['*'] ?? fallback;
  const candidates: [Coding, number][] = [['br', of('br', 0)], ['gzip', of('gzip', 0)], ['identity', q.identity ?? 1]];
  let best: [Coding, number] = ['identity', 0];
  for (const candidate of candidates) if (candidate[1] > best[1]) best = candidate;
  return best[0];
}

// Clients send a handful of distinct headers; the map stays tiny, and bounded against those that do not.
const chosen = new BoundedMap<string, Coding>(64 * 1024);

export function preferredCoding(header: string | undefined): Coding {
  if (header === undefined || header === '') return 'identity';
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = parseAcceptEncoding(header);
    chosen.set(header, coding, 64 + header.length * 2);
  }
  return coding;
}
