import { randomBytes, randomUUID } from 'node:crypto';
import { UUID } from 'builder-util-runtime';
import { InstallCredentials } from '../src/install-credential';

// Credentials against what holds them: electron-updater's own UUID check (it keeps `.updaterId`
// only when it is a UUID), and what an outsider can make: nothing the service takes as issued.

const NOW = Date.parse('2026-11-02T06:00:00Z');
const day = Math.floor(NOW / 86_400_000);

test('an issued credential is a version 8 UUID the updaters keep, naming the day it was issued', () => {
  const credentials = new InstallCredentials(randomBytes(32));
  const ids = Array.from({ length: 1000 }, () => credentials.issue(NOW));
  expect(new Set(ids).size).toBe(1000);
  for (const id of ids.slice(0, 50)) {
    expect(UUID.check(id)).toMatchObject({ version: 8, variant: 'rfc4122', format: 'ascii' });
    expect(credentials.issuedOn(id)).toBe(day);
    expect(credentials.issuedOn(id.toUpperCase())).toBeNull(); // the service writes them lower case; a copy changed is not one
  }
});

test('ids the service did not issue are refused: random UUIDs, altered credentials, another key\'s, junk', () => {
  const credentials = new InstallCredentials(randomBytes(32));
  const other = new InstallCredentials(randomBytes(32));
  const id = credentials.issue(NOW);
  const flip = (at: number) => id.slice(0, at) + (id[at] === '0' ? '1' : '0') + id.slice(at + 1);
  const forged = [randomUUID(), other.issue(NOW), flip(0), flip(3), flip(20), flip(35), `${id} `, id.slice(0, 35), '', 'install-1', '0'.repeat(36)];
  for (const candidate of forged) expect(credentials.issuedOn(candidate)).toBeNull();
  // Guessing the MAC: 100,000 tries with the head kept find nothing (62 bits).
  const head = id.slice(0, 19);
  let taken = 0;
  for (let n = 0; n < 100_000; n++) if (credentials.issuedOn(`${head}${(0x8000 | (n & 0x3fff)).toString(16)}-${randomBytes(6).toString('hex')}`) !== null) taken++;
  expect(taken).toBe(0);
});
