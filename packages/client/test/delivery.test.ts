import { createHash, createPrivateKey, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ed from '@noble/ed25519';
import { startLiveService, type LiveService } from '../scripts/live-service';
import { createClient, localStorageCache, type WebStorage } from '../src/index';
import { download, fileCache } from '../src/node';

// What a real app needs from the client: revalidation that outlives the process (a file, or
// localStorage), a timeout, retries that honour Retry-After, and a download that keeps nothing it
// could not verify. Against the live service and small node:http servers over loopback.

const KEY_FILE = resolve(import.meta.dirname, '../../content/test/fixtures/release-signing-test.pem');
const exampleBuild = (version: string, platform: string) => Buffer.from(`Tunnel Companion ${version} for ${platform}\n`.repeat(2048));

let service: LiveService;
let work: string;
beforeAll(async () => {
  service = await startLiveService();
}, 60_000);
afterAll(() => service?.stop());
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'client-delivery-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

/** A node:http server on loopback answering with `handle`; returns its URL and the requests it saw. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<{ url: string; seen: number[]; close(): Promise<void> }> {
  const seen: number[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(Date.now());
    handle(req, res, seen.length);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))) };
}

describe('revalidation that outlives the process', () => {
  it('gets a 304 on the next app start with a file cache', async () => {
    const statuses: number[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const first = await createClient({ baseUrl: service.url, storage: fileCache(join(work, 'cache')), fetch: recording }).updateCheck({ version: '1.9.0' });
    // A fresh client, as after a restart, over the same folder.
    const second = await createClient({ baseUrl: service.url, storage: fileCache(join(work, 'cache')), fetch: recording }).updateCheck({ version: '1.9.0' });
    // The first start obtains the install's credential (201) and keeps it there too: the second sends the same id, so the same URL revalidates.
    expect(statuses).toEqual([201, 200, 304]);
    expect(second.ok && second.fromCache && second.body).toEqual(first.ok && first.body);
  });

  it('keeps answers read with a credential off the disk', async () => {
    const client = createClient({ baseUrl: service.url, token: 'not-a-token', storage: fileCache(join(work, 'cache')) });
    await client.getChangelog();
    expect(await readdir(join(work, 'cache')).catch(() => [])).toEqual([]);
  });

  it('gets a 304 on the next start with localStorage, and treats a damaged entry as a miss', async () => {
    const map = new Map<string, string>();
    const storage: WebStorage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
    const statuses: number[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    await createClient({ baseUrl: service.url, storage: localStorageCache('app:', storage), fetch: recording }).getChangelog();
    expect([...map.keys()].every((k) => k.startsWith('app:'))).toBe(true);
    await createClient({ baseUrl: service.url, storage: localStorageCache('app:', storage), fetch: recording }).getChangelog();
    for (const key of map.keys()) map.set(key, '{not json');
    const third = await createClient({ baseUrl: service.url, storage: localStorageCache('app:', storage), fetch: recording }).getChangelog();
    expect(statuses).toEqual([200, 304, 200]);
    expect(third.ok && third.fromCache).toBe(false);
  });
});

describe('timeouts and retries', () => {
  it('fails as network after timeoutMs rather than hanging', async () => {
    const silent = await serve(() => undefined);
    try {
      const result = await createClient({ baseUrl: silent.url, timeoutMs: 200, retry: { retries: 0 } }).getChangelog();
      expect(!result.ok && result.error).toMatchObject({ kind: 'network', message: 'no answer within 200 ms' });
    } finally {
      await silent.close();
    }
  });

  it('retries a 503 after the Retry-After the service gave, then succeeds', async () => {
    const flaky = await serve((_req, res, n) => {
      if (n === 1) res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end('{"success":false,"error":{"code":"STORAGE_UNAVAILABLE","message":"busy"},"timestamp":"x"}');
      else res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"a"' }).end('{"success":true,"count":0,"data":{},"timestamp":"x"}');
    });
    try {
      const result = await createClient({ baseUrl: flaky.url, retry: { baseDelayMs: 1 } }).getChangelog();
      expect(result.ok && result.status).toBe(200);
      expect(flaky.seen[1]! - flaky.seen[0]!).toBeGreaterThanOrEqual(950);
    } finally {
      await flaky.close();
    }
  });

  it('retries a GET after a network failure with backoff, and a POST only with the same Idempotency-Key', async () => {
    const dropping = await serve((req, res, n) => (n <= 2 ? req.socket.destroy() : res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"b"' }).end('{"success":true,"count":0,"data":{},"timestamp":"x"}')));
    try {
      const client = createClient({ baseUrl: dropping.url, retry: { retries: 2, baseDelayMs: 20 } });
      expect((await client.getChangelog()).ok).toBe(true);
      expect(dropping.seen).toHaveLength(3);
    } finally {
      await dropping.close();
    }
    const keys: (string | undefined)[] = [];
    const down = await serve((req) => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      req.socket.destroy();
    });
    try {
      const posted = await createClient({ baseUrl: down.url, retry: { retries: 2, baseDelayMs: 20 } }).postFeedback({ body: { content: 'x' } });
      expect(!posted.ok && posted.error.kind).toBe('network');
      // Sent again only because the key makes a second delivery the first one (see idempotent-writes.test.ts).
      expect(down.seen).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^"[\x21-\x7e]+"$/);
    } finally {
      await down.close();
    }
  });
});

describe('download', () => {
  const keyPem = () => readFile(KEY_FILE, 'utf8');
  /**
   * The artifact the update check hands a macOS arm64 client on 1.11.0 (which release depends on
   * the credential the client obtains, as a staged rollout does), the example build of that
   * release, and a loopback host serving `change` of those bytes at /build.
   */
  async function offered(change: (bytes: Buffer) => Buffer = (bytes) => bytes) {
    const check = await createClient({ baseUrl: service.url }).updateCheck({ version: '1.11.0', platform: 'macos', arch: 'arm64' });
    if (!check.ok) throw new Error(JSON.stringify(check.error));
    const artifact = check.body.data.download!;
    const bytes = exampleBuild(check.body.data.latest!, 'macos-arm64');
    const body = change(bytes);
    const host = await serve((req, res) => {
      if (req.url !== '/build') return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Length': body.length }).end(body);
    });
    return { artifact: { ...artifact, url: `${host.url}/build` }, host, bytes };
  }
  const publicKey = async () => {
    const { createPublicKey } = await import('node:crypto');
    return createPublicKey(createPrivateKey(await keyPem())).export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
  };

  it('streams the build, reports progress, and keeps it when size, SHA-512 and signature match', async () => {
    const { artifact, host, bytes } = await offered();
    try {
      const progress: number[] = [];
      const to = join(work, 'TunnelCompanion.zip');
      const result = await download(artifact, { to, publicKey: await publicKey(), onProgress: (received, total) => progress.push(received / total) });
      expect(result).toEqual({ ok: true, path: to, size: bytes.length });
      expect((await readFile(to)).equals(bytes)).toBe(true);
      expect(progress.at(-1)).toBe(1);
      // The same signature, checked with a maintained Ed25519 library.
      expect(await ed.verifyAsync(Buffer.from(artifact.signature!, 'base64'), bytes, Buffer.from(await publicKey(), 'base64'))).toBe(true);
    } finally {
      await host.close();
    }
  });

  it.each([
    ['a changed byte', (b: Buffer) => Buffer.concat([b.subarray(0, 10), Buffer.from('X'), b.subarray(11)]), /SHA-512/],
    ['a longer file', (b: Buffer) => Buffer.concat([b, Buffer.from('more')]), /more than the \d+ bytes/],
    ['a shorter file', (b: Buffer) => b.subarray(1), /bytes received/],
  ])('refuses %s and keeps nothing', async (_, change, message) => {
    const { artifact, host } = await offered(change);
    try {
      const to = join(work, 'TunnelCompanion.zip');
      const result = await download(artifact, { to });
      expect(!result.ok && result.error).toMatchObject({ kind: 'verification', message: expect.stringMatching(message) });
      expect(await readdir(work)).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('refuses a build whose signature is not the key holder\'s, though its hashes match', async () => {
    const { artifact, host, bytes } = await offered();
    try {
      const { generateKeyPairSync } = await import('node:crypto');
      const other = generateKeyPairSync('ed25519');
      const forged = { ...artifact, signature: sign(null, bytes, other.privateKey).toString('base64') };
      const result = await download(forged, { to: join(work, 'app.zip'), publicKey: await publicKey() });
      expect(!result.ok && result.error).toMatchObject({ kind: 'verification', message: expect.stringContaining('signature') });
      expect(await readdir(work)).toEqual([]);
      expect(createHash('sha512').update(bytes).digest('hex')).toBe(artifact.sha512);
    } finally {
      await host.close();
    }
  });
});
