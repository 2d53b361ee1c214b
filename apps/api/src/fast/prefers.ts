import { BoundedMap } from '@companion/http-kit';

const OFFERS = [
  { name: 'html', type: 'text', subtype: 'html' },
  { name: 'json', type: 'application', subtype: 'json' },
] as const;

/**
 * What Express's `req.accepts(['html', 'json'])` picks for an Accept header, as the pages read
 * it ('html' also when neither is acceptable): the highest q, then the most specific range, then
 * the range listed first, then html.
 */
export function parsePrefers(accept: string | undefined): 'html' | 'json' {
  if (accept === undefined) return 'html';
  const ranges = accept.split(',').map((part, order) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const [type = '', subtype = ''] = range.split('/');
    const q = params.find((p) => p.startsWith('q='));
    return { type, subtype, q: q === undefined ? 1 : Number(q.slice(2)) || 0, order };
  });
  let best: { name: 'html' | 'json'; q: number; s: number; o: number } | null = null;
  for (const offer of OFFERS) {
    let match: { q: number; s: number; o: number } | null = null;
    for (const r of ranges) {
      const s = r.type === offer.type ? (r.subtype === offer.subtype ? 6 : r.subtype === '*' ? 4 : -1) : r.type === '*' && r.subtype === '*' ? 0 : -1;
      if (s < 0) continue;
      if (match === null || s > match.s) match = { q: r.q, s, o: r.order };
    }
    if (match === null || match.q <= 0) continue;
    if (best === null || match.q > best.q || (match.q === best.q && (match.s > best.s || (match.s === best.s && match.o < best.o)))) best = { name: offer.name, ...match };
  }
  return best?.name ?? 'html';
}

const seen = new BoundedMap<string, 'html' | 'json'>(64 * 1024);

export function prefers(accept: string | undefined): 'html' | 'json' {
  if (accept === undefined) return 'html';
  let choice = seen.get(accept);
  if (choice === undefined) {
    choice = parsePrefers(accept);
    seen.set(accept, choice, 64 + accept.length * 2);
  }
  return choice;
}
