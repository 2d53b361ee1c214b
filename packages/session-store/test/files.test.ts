import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBackend } from '@companion/database/testing';
import { openFileSignedOutSessions, SIGNED_OUT_FILE } from '../src';
import { signedOutContract } from './contract/signed-out-contract';

let dir = '';
signedOutContract(folderBackend('signed-out', (folder) => openFileSignedOutSessions(folder, { nowMicros: () => Date.now() * 1000 })));

// What only the files meet: the one-box record on real files, kept across restarts while the
// session would still be valid, dropped from the file once it would have expired.
describe('sessions signed out, in DATA_DIR', () => {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signed-out-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('remembers a session signed out across a restart, until it would have expired; then the file forgets it too', async () => {
    let nowMs = Date.parse('2026-11-28T10:00:00Z');
    const clock = { nowMicros: () => nowMs * 1000 };
    const first = await openFileSignedOutSessions(dir, clock);
    await first.add('session-a', nowMs + 60_000);
    await first.add('session-b', nowMs + 3_600_000);
    expect(await first.has('session-a')).toBe(true);
    expect(await first.has('session-c')).toBe(false);
    await first.close();
    // Only digests are written: the file is no list of session ids.
    const written = await readFile(join(dir, SIGNED_OUT_FILE), 'utf8');
    expect(written).not.toContain('session-a');
    expect(written.trim().split('\n')).toHaveLength(2);

    const again = await openFileSignedOutSessions(dir, clock);
    expect(await again.has('session-a')).toBe(true);
    await again.close();

    nowMs += 120_000; // session-a would have expired by now
    const later = await openFileSignedOutSessions(dir, clock);
    expect(await later.has('session-a')).toBe(false);
    expect(await later.has('session-b')).toBe(true);
    expect((await readFile(join(dir, SIGNED_OUT_FILE), 'utf8')).trim().split('\n')).toHaveLength(1);
    await later.add('session-d', nowMs + 60_000);
    await later.close();
    const last = await openFileSignedOutSessions(dir, clock);
    expect([await last.has('session-b'), await last.has('session-d')]).toEqual([true, true]);
    await last.close();
  });
});
