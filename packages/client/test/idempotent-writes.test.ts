import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLiveService, type LiveService } from '../scripts/live-service';
import { createClient } from '../src/index';

// The client's writes through a relay that loses answers, against the real service over loopback.
const TOKEN = 'client-test-token';
let service: LiveService;
let relay: Server;
let relayUrl = '';
/** What the relay does to the next writes, in turn: pass, or lose the answer after the service gave it, or answer 503 itself. */
const plan: ('drop-answer' | '503')[] = [];
/** The Idempotency-Key of each write that reached the relay, and the service's answer to it. */
const seen: { key: string | undefined; status: number | null; replayed: string | undefined }[] = [];

beforeAll(async () => {
  service = await startLiveService({ API_TOKENS: `${TOKEN}=*`, RATE_LIMIT_FEEDBACK: '1000/1m' });
  relay = createServer((req, res) => {
    const step = req.method === 'POST' ? plan.shift() : undefined;
    const key = req.headers['idempotency-key'] as string | undefined;
    if (step === '503') {
      req.resume();
      seen.push({ key, status: null, replayed: undefined });
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"success":false,"error":{"code":"STORAGE_UNAVAILABLE","message":"held","details":[]},"timestamp":"2026-11-28T00:00:00.000000"}');
      return;
    }
    const upstream = request(new URL(req.url!, service.url), { method: req.method, headers: req.headers }, (answer: IncomingMessage) => {
      if (req.method === 'POST') seen.push({ key, status: answer.statusCode!, replayed: answer.headers['idempotent-replayed'] as string | undefined });
      if (step === 'drop-answer') {
        // The service has answered (the write is committed); the client never hears it.
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((ready) => relay.listen(0, '127.0.0.1', ready));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((done) => relay.close(() => done()));
  await service?.stop();
});
beforeEach(() => {
  plan.length = 0;
  seen.length = 0;
});

/** How many stored feedback hold `content`, read straight from the service. */
async function storedCount(content: string): Promise<number> {
  const res = await fetch(`${service.url}/api/feedback?q=${encodeURIComponent(content)}&per_page=500`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await res.json()) as { total: number }).total;
}

describe('writes that take an Idempotency-Key', () => {
  it('an answer lost after the service stored the feedback: the client retries with the same key and gets the first answer; stored once', async () => {
    const client = createClient({ baseUrl: relayUrl });
    plan.push('drop-answer');
    const content = `lost answer ${Date.now()}`;
    const result = await client.postFeedback({ body: { content, type: 'bug' } });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.status).toBe(201);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect(seen.map((s) => [s.status, s.replayed])).toEqual([
      [201, undefined],
      [201, 'true'],
    ]);
    expect(await storedCount(content)).toBe(1);
  });

  it('a 503 with Retry-After: retried after it, with the same key; e-mail sent once', async () => {
    const client = createClient({ baseUrl: relayUrl, token: TOKEN });
    plan.push('503', 'drop-answer');
    const started = Date.now();
    const result = await client.postSendEmail({ body: { to: 'ops@example.org', subject: 'Once', text: 'Sent once.' } });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(seen.map((s) => [s.status, s.replayed])).toEqual([
      [null, undefined],
      [202, undefined],
      [202, 'true'],
    ]);
  });

  it('each call has its own key; a caller repeating a call gives its key and gets the first answer', async () => {
    const client = createClient({ baseUrl: relayUrl, token: TOKEN });
    const content = `own keys ${Date.now()}`;
    await client.postFeedback({ body: { content } });
    await client.postFeedback({ body: { content } });
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
    expect(await storedCount(content)).toBe(2);

    const flag = `IDEM${Date.now() % 100000}`;
    const body = { Flag: flag, Info: 'Added once.', Solution: ['Retry.'] };
    const first = await client.postTunnelErrors({ body }, { idempotencyKey: `add-${flag}` });
    const again = await client.postTunnelErrors({ body }, { idempotencyKey: `add-${flag}` });
    expect(first.ok && again.ok && [first.status, again.status, again.etag === first.etag]).toEqual([201, 201, true]);
    expect(seen.slice(2).map((s) => [s.key, s.replayed])).toEqual([
      [`"add-${flag}"`, undefined],
      [`"add-${flag}"`, 'true'],
    ]);
  });
});
