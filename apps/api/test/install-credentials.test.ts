import { InstallCredentials } from '@companion/adoption-store';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

// POST /api/installs over real HTTP: what an install gets, what proves it, and what it costs to
// get many: 20 an hour per network (IPv4 /24, IPv6 /48), whatever the address inside it.

const NOW_MS = Date.parse('2026-11-10T09:00:00Z');
const issue = (server: TestServer, from: string) => call(`${server.url}/api/installs`, { method: 'POST', headers: { 'x-forwarded-for': from } });

describe('install credentials', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ clock: { nowMicros: () => NOW_MS * 1000 }, deps: { trustProxy: true } });
  });
  afterAll(() => server.close());

  it('are UUIDs issued today that the service proves with the key in its data folder, a new one each time', async () => {
    const first = await issue(server, '198.51.100.7');
    expect(first.status).toBe(201);
    const data = expectEnvelope(first.body, false);
    expect(data).toEqual({ install_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), issued_on: '2026-11-10' });
    const key = Buffer.from((await readFile(join(server.dataDir, 'adoption', 'credential-key'), 'utf8')).trim(), 'hex');
    expect(new InstallCredentials(key).issuedOn(data.install_id)).toBe(Math.floor(NOW_MS / 86_400_000));
    const second = expectEnvelope((await issue(server, '198.51.100.7')).body, false);
    expect(second.install_id).not.toBe(data.install_id);
    // Nothing is kept per credential: it proves itself.
    expect((await readFile(join(server.dataDir, 'adoption', 'credential-key'), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are limited per network: the 21st in an hour from anywhere in a /24 is refused with Retry-After, another /24 is not', async () => {
    for (let n = 0; n < 20; n++) expect((await issue(server, `203.0.113.${n + 1}`)).status).toBe(201);
    const refused = await issue(server, '203.0.113.250');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await issue(server, '203.0.114.1')).status).toBe(201);
  });

  it('count an IPv6 /48 as one network', async () => {
    for (let n = 0; n < 20; n++) expect((await issue(server, `2001:db8:42:${n.toString(16)}::1`)).status).toBe(201);
    expectError(await issue(server, '2001:db8:42:ffff::9'), 429, 'RATE_LIMITED');
    expect((await issue(server, '2001:db8:43::1')).status).toBe(201);
  });

  it('need no credential nor body, and are documented in /openapi.json and the service index', async () => {
    const openapi = (await call(`${server.url}/openapi.json`)).body;
    expect(openapi.paths['/api/installs'].post.responses['201']).toBeDefined();
    expect(openapi.paths['/api/installs'].post.responses['429']).toBeDefined();
    const index = (await call(`${server.url}/api`)).body;
    expect(Object.keys(index.endpoints.changelog)).toContain('POST /api/installs');
    expectError(await call(`${server.url}/api/installs`), 405, 'METHOD_NOT_ALLOWED');
  });
});

test('RATE_LIMIT_INSTALLS sets the limit, and a malformed one stops start-up', async () => {
  const server = await startServer({ env: { RATE_LIMIT_INSTALLS: '2/1h' } });
  try {
    for (let n = 0; n < 2; n++) expect((await call(`${server.url}/api/installs`, { method: 'POST' })).status).toBe(201);
    expectError(await call(`${server.url}/api/installs`, { method: 'POST' }), 429, 'RATE_LIMITED');
  } finally {
    await server.close();
  }
  await expect(startServer({ env: { RATE_LIMIT_INSTALLS: 'lots' } })).rejects.toThrow('RATE_LIMIT_INSTALLS: expected COUNT/WINDOW');
});
