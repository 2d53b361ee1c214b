import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatTimestamp } from '@companion/schema';
import { parseAcceptEncoding } from '../src/fast/accept-encoding';
import { parsePrefers } from '../src/fast/prefers';
import { brotliSpliced, gzipSpliced, STAMP_LENGTH } from '../src/fast/splice';
import { stampOf, writeStamp } from '../src/fast/stamp';
import { BoundedMap, INSTALL_PARAM, NO_CACHE_PARAM, takeInstallQuery } from '@companion/http-kit';

describe('spliced compression', () => {
  const text = (n: number, seed: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * seed + (i >> 3)) % 90))).join('');
  const micros = Date.parse('2026-11-25T22:04:40.123Z') * 1000 + 456;
  const stamp = '2026-11-25T22:04:40.123456';

  it.each([
    [0, 0],
    [10, 2],
    [5000, 2],
    [70_000, 3],
    [10, 254],
    [10, 255],
    [300, 70_000],
  ])('gzip and brotli of %i bytes + stamp + %i bytes decode to the whole text', (before, after) => {
    const prefix = Buffer.from(text(before, 7));
    const suffix = Buffer.from(text(after, 13) + 'é');
    for (const spliced of [gzipSpliced(prefix, suffix), brotliSpliced(prefix, suffix)]) {
      const body = Buffer.concat([spliced.head, spliced.tail(micros)]);
      expect(body.length).toBe(spliced.length);
      const decoded = String((body[0] === 0x1f ? gunzipSync : brotliDecompressSync)(body));
      expect(decoded).toBe(`${prefix}${stamp}${suffix}`);
    }
    expect(stamp).toHaveLength(STAMP_LENGTH);
  });

  it('gives each stamp its own checksum', () => {
    const gz = gzipSpliced(Buffer.from('{"a":1,"timestamp":"'), Buffer.from('"}'));
    for (const [at, s] of [
      [Date.parse('2026-01-01T00:00:00Z') * 1000, '2026-01-01T00:00:00.000000'],
      [Date.parse('2099-12-31T23:59:59.999Z') * 1000 + 999, '2099-12-31T23:59:59.999999'],
    ] as const) {
      expect(String(gunzipSync(Buffer.concat([gz.head, gz.tail(at)])))).toBe(`{"a":1,"timestamp":"${s}"}`);
    }
  });
});

describe('negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0.4, identity;q=0.9', 'identity'],
    ['GZIP', 'gzip'],
  ])('Accept-Encoding %j chooses %s', (header, coding) => {
    expect(parseAcceptEncoding(header)).toBe(coding);
  });

  it.each([
    [undefined, 'html'],
    ['application/json', 'json'],
    ['text/html', 'html'],
    ['*/*', 'html'],
    ['application/json, text/html', 'json'],
    ['text/html;q=0.5, application/json;q=0.9', 'json'],
    ['application/*', 'json'],
    ['image/png', 'html'],
    ['text/*, application/json', 'json'],
  ])('Accept %j prefers %s', (header, choice) => {
    expect(parsePrefers(header)).toBe(choice);
  });
});

describe('BoundedMap', () => {
  it('never holds more bytes than its budget, dropping the least recently used', () => {
    const map = new BoundedMap<string, number>(1000);
    for (let i = 0; i < 10_000; i++) {
      map.set(`k${i}`, i, 100 + (i % 50));
      if (i === 3) map.get('k0');
      expect(map.bytes).toBeLessThanOrEqual(1000);
    }
    expect(map.get('k9999')).toBe(9999);
    expect(map.get('k0')).toBeUndefined();
    map.set('huge', 1, 5000);
    expect(map.get('huge')).toBeUndefined();
  });

  it('keeps a recently read entry over older ones', () => {
    const map = new BoundedMap<string, number>(300);
    map.set('a', 1, 100);
    map.set('b', 2, 100);
    map.set('c', 3, 100);
    map.get('a');
    map.set('d', 4, 100);
    expect([map.get('a'), map.get('b'), map.get('c'), map.get('d')]).toEqual([1, undefined, 3, 4]);
  });
});

describe('stampOf and writeStamp', () => {
  it('format like formatTimestamp, across second, day and year boundaries', () => {
    const instants = [Date.parse('2026-12-31T23:59:59.999Z') * 1000 + 999, Date.parse('2027-01-01T00:00:00Z') * 1000, 1, 0];
    for (let i = 0; i < 2000; i++) instants.push(Math.floor(Date.now() * 1000 + i * 777_777.7));
    const bytes = Buffer.alloc(STAMP_LENGTH + 4, '#');
    for (const micros of instants) {
      expect(stampOf(micros)).toBe(formatTimestamp(micros));
      writeStamp(bytes, 2, micros);
      expect(bytes.toString('latin1')).toBe(`##${formatTimestamp(micros)}##`);
    }
  });
});

describe('takeInstallQuery', () => {
  it('takes install_id and noCache out of a URL, keeping the other parameters in their order', () => {
    expect(takeInstallQuery('/api/changelog/since/1.0.0?install_id=8f14e45f-ceea&platform=macos&arch=arm64')).toEqual({ url: '/api/changelog/since/1.0.0?platform=macos&arch=arm64', install: '8f14e45f-ceea', taken: INSTALL_PARAM, installAt: 27 });
    expect(takeInstallQuery('/api/changelog/since/1.0.0?platform=macos&install_id=a=b')).toEqual({ url: '/api/changelog/since/1.0.0?platform=macos', install: 'a=b', taken: INSTALL_PARAM, installAt: 42 });
    expect(takeInstallQuery('/api/updates/electron/latest.yml?noCache=1h2k3')).toEqual({ url: '/api/updates/electron/latest.yml', install: undefined, taken: NO_CACHE_PARAM, installAt: -1 });
    expect(takeInstallQuery('/api/updates/electron/latest.yml?arch=x64&install_id=i-1&noCache=x')).toEqual({ url: '/api/updates/electron/latest.yml?arch=x64', install: 'i-1', taken: INSTALL_PARAM | NO_CACHE_PARAM, installAt: 42 });
    expect(takeInstallQuery('/x?a=1&noCache=2&b=3&install_id=i&c=4')).toEqual({ url: '/x?a=1&b=3&c=4', install: 'i', taken: INSTALL_PARAM | NO_CACHE_PARAM, installAt: 21 });
    // Only a parameter of that name: not one whose name ends in it.
    expect(takeInstallQuery('/x?xinstall_id=1&noCache=2')).toEqual({ url: '/x?xinstall_id=1', install: undefined, taken: NO_CACHE_PARAM, installAt: -1 });
  });

  it('leaves a URL with nothing to take as it is', () => {
    expect(takeInstallQuery('/api/changelog/since/1.0.0')).toBeNull();
    expect(takeInstallQuery('/api/notice?platform=windows')).toBeNull();
    expect(takeInstallQuery('/api/install_id')).toBeNull();
  });

  // Whatever the query parser would read otherwise than written, or the route would refuse, is looked up whole.
  it.each([
    ['twice', '/x?install_id=a&install_id=b'],
    ['noCache twice', '/x?noCache=1&noCache=2'],
    ['empty', '/x?install_id='],
    ['without a value', '/x?install_id'],
    ['percent-encoded', '/x?install_id=a%20b'],
    ['a plus (a space)', '/x?install_id=a+b'],
    ['too long', `/x?install_id=${'a'.repeat(129)}`],
    ['a name that decodes to install_id', '/x?install%5Fid=a&noCache=1'],
    ['also named without a value', '/x?install_id&install_id=a'],
    ['given again after a value', '/x?install_id=a&noCache=1&install_id'],
  ])('looks a URL up whole when install_id is %s', (_case, url) => {
    expect(takeInstallQuery(url)).toBeNull();
  });
});
