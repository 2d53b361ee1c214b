import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ContentStore } from '@companion/content';
import { createMailer, mailerConfigFromEnv } from '@companion/mailer';
import { systemClock, TIMESTAMP_PATTERN, type Clock } from '@companion/schema';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { Authenticator } from '../src/auth/tokens';
import { rateLimitsFromEnv } from '../src/http/rate-limit';
import type { AppDeps } from '../src/deps';

export const SHIPPED_CONTENT = resolve(import.meta.dirname, '../../../content');

export interface TestServer {
  url: string;
  content: ContentStore;
  /** A fresh temp folder for this server's data (outbox, logs), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a loopback port, over a real content folder. */
export async function startServer(
  options: { contentDir?: string; tokens?: string; clock?: Clock; env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestServer> {
  const content = await ContentStore.open(options.contentDir ?? SHIPPED_CONTENT);
  const dataDir = await mkdtemp(join(tmpdir(), 'api-data-'));
  const env = { ...options.env, DATA_DIR: dataDir };
  const mailer = createMailer(mailerConfigFromEnv(env));
  const app = createApp({
    content,
    auth: Authenticator.fromConfig({ API_TOKENS: options.tokens }),
    clock: options.clock ?? systemClock,
    logger: pino({ level: 'silent' }),
    version: '1.0.0',
    trustProxy: false,
    rateLimits: rateLimitsFromEnv(env),
    mailer,
    ...options.deps,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    content,
    dataDir,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await mailer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET (or another method) and parse the JSON body. */
export async function call(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Asserts the contract's success envelope and returns data. */
export function expectEnvelope(body: any, withCount: boolean): any {
  expect(body.success).toBe(true);
  expect(body.timestamp).toMatch(TIMESTAMP_PATTERN);
  if (withCount) {
    expect(Object.keys(body)).toEqual(['success', 'count', 'data', 'timestamp']);
    const size = Array.isArray(body.data) ? body.data.length : Object.keys(body.data).length;
    expect(body.count).toBe(size);
  } else {
    expect(Object.keys(body)).toEqual(['success', 'data', 'timestamp']);
  }
  return body.data;
}

/** Asserts the contract's error body. */
export function expectError(res: { status: number; headers: Headers; body: any }, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(Object.keys(res.body)).toEqual(['success', 'error', 'timestamp']);
  expect(res.body.success).toBe(false);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(Array.isArray(res.body.error.details)).toBe(true);
  expect(res.body.timestamp).toMatch(TIMESTAMP_PATTERN);
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
}
