import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ContentStore } from '@companion/content';
import { systemClock, TIMESTAMP_PATTERN, type Clock } from '@companion/schema';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { Authenticator } from '@companion/auth';
import { rateLimitsFromEnv } from '../src/http/rate-limit';
import { openServices, type Services } from '../src/services';
import type { AppDeps } from '../src/deps';

export const SHIPPED_CONTENT = resolve(import.meta.dirname, '../../../content');

export interface TestServer {
  url: string;
  app: ReturnType<typeof createApp>;
  content: ContentStore;
  services: Services;
  /** Temp folders for this server's content (a copy unless one was given) and data, removed on close. */
  contentDir: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a loopback port, over a real content folder. */
export async function startServer(
  options: { contentDir?: string; dataDir?: string; tokens?: string; clock?: Clock; env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'api-data-')));
  // Writes go into the content folder, so the shipped one is never used directly.
  const contentDir = options.contentDir ?? (await mkdtemp(join(tmpdir(), 'api-content-')));
  if (!options.contentDir) await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  const env = { ...options.env, DATA_DIR: dataDir };
  const clock = options.clock ?? systemClock;
  const services = await openServices({ contentDir, dataDir, env, clock });
  const { content } = services;
  const app = createApp({
    ...services,
    auth: Authenticator.fromConfig({ API_TOKENS: options.tokens }),
    clock,
    logger: pino({ level: 'silent' }),
    version: '1.0.0',
    trustProxy: false,
    rateLimits: rateLimitsFromEnv(env),
    ...options.deps,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    content,
    services,
    contentDir,
    dataDir,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await services.close();
      // The restore witness of a flat-file server lies beside its data folder (WITNESS_FILE's default).
      if (!options.dataDir) await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(`${dataDir}.restore-witness.json`, { force: true })]);
      if (!options.contentDir) await rm(contentDir, { recursive: true, force: true });
    },
  };
}

/** GET (or another method) and parse the JSON body. */
export async function call(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: any }> {
  // A kept-alive connection the server closed as it was reused (its 5 s idle timeout, met while
  // this process was busy, as on a loaded machine) resets: a GET or HEAD is sent again on a new
  // one, as browsers and HTTP clients do. Any other method fails, its outcome unknown.
  const idempotent = ['GET', 'HEAD'].includes((init.method ?? 'GET').toUpperCase());
  const res = await fetch(url, init).catch((error: unknown) => (idempotent ? fetch(url, init) : Promise.reject(error)));
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

/**
 * Install credentials for a simulated fleet, as `POST /api/installs` issues them (the same code,
 * in process: a fleet of thousands would otherwise wait on the per-network limit). Issued a day
 * before `atMs` by default, so the fleet's bug reports count as votes from its first day.
 */
export function fleetIds(server: TestServer, count: number, atMs: number, daysBefore = 1): string[] {
  return Array.from({ length: count }, () => server.services.adoption.issue(atMs - daysBefore * 86_400_000));
}

/**
 * Asks `probe` again every 20 ms until it returns a value other than undefined or false: a wait
 * for something to happen, however long a loaded machine takes. `what` names it when it never
 * does (after two minutes, a ceiling no working machine reaches).
 */
export async function eventually<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>): Promise<T> {
  for (const deadline = Date.now() + 120_000; ; await new Promise((done) => setTimeout(done, 20))) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
  }
}

/**
 * Writes the install counts `server` holds, again until a flush succeeds: on a loaded machine the
 * database may refuse one past its deadline, and what was not written waits for the next.
 */
export async function flushed(server: TestServer): Promise<void> {
  await eventually('the install counts written', async () => {
    await server.services.adoption.flush();
    return server.services.adoption.health().failing_since === null;
  });
}
