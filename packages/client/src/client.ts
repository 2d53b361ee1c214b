import { OPERATIONS } from './generated/operations.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { InstallCredentialKeeper } from './install-credential.js';
import type { CallOptions, OperationFunction, OperationFunctions } from './operation-functions.js';
import type { OperationId } from './operation-types.js';
import type { ClientFailure, Result } from './result.js';
import { RevalidationCache } from './revalidation-cache.js';
import { retryDelay, sleep, type RetryOptions } from './retry.js';
import type { CacheStorage } from './storage.js';
import { notices, updateCheck, type NoticesQuery, type UpdateCheckQuery } from './start-up-questions.js';

export interface ClientOptions {
  /** Where the service is, e.g. `https://companion.example.com`. */
  baseUrl: string;
  /** A credential for the operations that need a scope (`errors:write`, `feedback:read`, ...), sent as `Authorization: Bearer`. */
  token?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** How many GET answers to keep for If-None-Match revalidation (default 200; 0 turns it off). */
  cacheEntries?: number;
  /** The fetch to use (default: the global one of Node 20 and browsers). */
  fetch?: typeof globalThis.fetch;
  /**
   * Where revalidation answers and the install's credential outlive the process (`fileCache(dir)`
   * from `@companion/client/node`, `localStorageCache()` in a renderer), so an app start revalidates
   * with If-None-Match and gets a 304, and sends the same install id as the start before.
   */
  storage?: CacheStorage;
  /** Milliseconds a call may take, each try (default 15,000; 0: no limit). A call past it fails as `network`. */
  timeoutMs?: number;
  /**
   * Retries on network failures and 503 answers, honouring Retry-After: GETs, and the writes that
   * take an Idempotency-Key (sent with one, the same on every try, so the service does them once);
   * other writes only on 503.
   */
  retry?: RetryOptions;
  /**
   * Whether the first update check without an `installId` obtains this install's credential
   * (`POST /api/installs`) when it holds none (default true). Kept in `storage`, it is sent as
   * `install_id` on every update check and bug report from then on. False: only `installId()`
   * obtains one; a credential already held is still sent.
   */
  autoInstallId?: boolean;
}

/** The operations' functions, plus the two questions an app asks on start. */
export type CompanionClient = OperationFunctions & {
  /** What this install can update to (`GET /api/changelog/since/<version>`, or the preview channel's). */
  updateCheck(query: UpdateCheckQuery, options?: CallOptions): ReturnType<typeof updateCheck>;
  /** The active notices for this client (`GET /api/notice`). */
  notices(query?: NoticesQuery, options?: CallOptions): ReturnType<typeof notices>;
  /**
   * This install's credential (the id to hand to electron-updater, Sparkle or Tauri): the one held,
   * else one obtained from the service now; undefined while the service cannot issue one (offline,
   * or a 429 whose Retry-After has not passed: a later call tries again).
   */
  installId(): Promise<string | undefined>;
};

type AnyArgs = { path?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined>; body?: unknown };


function urlOf(baseUrl: string, template: string, args: AnyArgs): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args.path?.[name];
    if (value === undefined) throw new TypeError(`${template}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** A key as a Structured Field String: quoted, `"` and `\\` escaped. */
const sfString = (key: string): string => `"${key.replace(/["\\]/g, '\\$&')}"`;
/** The key inside an sf-string header value (undefined without the header). */
const sfContent = (value: string | undefined): string | undefined => value && value.slice(1, -1).replace(/\\(["\\])/g, '$1');

/** 409 IDEMPOTENCY_KEY_IN_USE: the first try of this call is still running there; the answer comes to a later try. */
async function stillRunning(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const text = await response.clone().text().catch(() => '');
  return text.includes('"IDEMPOTENCY_KEY_IN_USE"');
}

const unexpected = (status: number, message: string): { ok: false; error: ClientFailure<string> } => ({ ok: false, error: { kind: 'unexpected', status, message } });

/** A failed answer as a typed value: the API's error envelope, or what else came back. */
async function failure(response: Response): Promise<{ ok: false; error: ClientFailure<string> }> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return unexpected(response.status, `${response.status} ${response.statusText}: not the API's JSON (${text.slice(0, 200)})`);
  }
  const error = (body as { success?: unknown; error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if ((body as { success?: unknown }).success !== false || typeof error?.code !== 'string') return unexpected(response.status, `${response.status}: an answer without the API's error envelope`);
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return {
    ok: false,
    error: {
      kind: 'api',
      status: response.status,
      code: error.code,
      message: typeof error.message === 'string' ? error.message : '',
      details: Array.isArray(error.details) ? error.details : [],
      ...(Number.isFinite(retryAfter) && { retryAfter }),
    },
  };
}

/** A client of the service; every call resolves to a Result, it never throws for an HTTP or network failure. */
export function createClient(options: ClientOptions): CompanionClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const cache = new RevalidationCache(options.cacheEntries ?? 200, options.storage);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retry = { retries: 2, baseDelayMs: 500, maxDelayMs: 30_000, ...options.retry };

  /** One try: a network failure (a timeout included) comes back as the error it is. */
  const attempt = async (url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response | { failed: unknown }> => {
    const signals = [signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => s !== undefined);
    try {
      return await fetchFn(url, { ...init, ...(signals.length > 0 && { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) }) });
    } catch (cause) {
      return { failed: cause };
    }
  };

  const send = async (id: OperationId, args: AnyArgs, call: CallOptions | undefined, retries = retry.retries): Promise<Result<unknown, string>> => {
    const operation = OPERATIONS[id];
    const url = urlOf(options.baseUrl, operation.path, args);
    const headers: Record<string, string> = { Accept: operation.accept, ...options.headers, ...call?.headers };
    if (options.token !== undefined && headers.Authorization === undefined) headers.Authorization = `Bearer ${options.token}`;
    const isGet = operation.method === 'GET';
    // The credential is part of the key: a scope can widen an answer (masked addresses in the stats).
    const key = `${headers.Accept}\n${headers.Authorization ?? ''}\n${url}`;
    // Only public answers reach the storage: nothing read with a credential is written to disk.
    const persistent = headers.Authorization === undefined;
    const cached = isGet ? await cache.get(key, persistent) : undefined;
    if (cached) headers['If-None-Match'] = cached.etag;
    if (args.body !== undefined) headers['Content-Type'] = operation.body ?? 'application/json';
    // One key for every try of this call: a retry after a lost answer is answered, not done again.
    const keyed = operation.keyed && !Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
    if (keyed) headers['Idempotency-Key'] = sfString(call?.idempotencyKey ?? newIdempotencyKey());
    const init: RequestInit = { method: operation.method, headers, ...(args.body !== undefined && { body: JSON.stringify(args.body) }) };
    let response: Response | { failed: unknown };
    for (let tried = 0; ; tried++) {
      response = await attempt(url, init, call?.signal);
      const again = 'failed' in response ? (isGet || keyed) && !call?.signal?.aborted : response.status === 503 || (keyed && (await stillRunning(response)));
      if (!again || tried >= retries) break;
      const wait = retryDelay(tried + 1, 'failed' in response ? null : response.headers.get('retry-after'), retry);
      if (!('failed' in response)) await response.body?.cancel();
      await sleep(wait, call?.signal);
      if (call?.signal?.aborted) break;
    }
    if ('failed' in response) {
      const cause = response.failed;
      // A DOMException, which is not an Error in every realm: known by its name.
      const timedOut = (cause as { name?: unknown } | null)?.name === 'TimeoutError';
      return { ok: false, error: { kind: 'network', message: timedOut ? `no answer within ${timeoutMs} ms` : cause instanceof Error ? cause.message : String(cause), cause } };
    }
    if (response.status === 304 && cached) return { ok: true, body: cached.body, status: 304, etag: cached.etag, fromCache: true };
    if (!response.ok) {
      if (isGet) await cache.delete(key);
      const failed = await failure(response);
      // The service's data was restored: this key's first answer may be lost. Its own kind, with the key to look for.
      if (failed.error.kind === 'api' && failed.error.code === 'IDEMPOTENCY_KEY_LOST') return { ok: false, error: { ...failed.error, kind: 'key-lost', code: 'IDEMPOTENCY_KEY_LOST', idempotencyKey: sfContent(headers['Idempotency-Key']) } };
      return failed;
    }
    const text = await response.text();
    let body: unknown = text;
    if (operation.parse === 'json') {
      try {
        body = JSON.parse(text);
      } catch {
        return unexpected(response.status, `${response.status}: expected JSON, found ${text.slice(0, 200)}`);
      }
    }
    const etag = response.headers.get('etag');
    if (isGet && etag) await cache.set(key, { etag, body }, persistent);
    return { ok: true, body, status: response.status, etag, fromCache: false };
  };

  const client = Object.fromEntries(
    (Object.keys(OPERATIONS) as OperationId[]).map((id) => [id, (args: AnyArgs = {}, call?: CallOptions) => send(id, args, call)]),
  ) as unknown as CompanionClient;
  // Not retried within the call it serves: the update check goes on without an id, and a later call asks again.
  const credentials = new InstallCredentialKeeper(() => send('postInstalls', {}, undefined, 0) as ReturnType<CompanionClient['postInstalls']>, options.storage);
  const auto = options.autoInstallId ?? true;
  client.installId = async () => (await credentials.obtain())?.install_id;
  client.updateCheck = async (query, call) => {
    const installId = query.installId ?? (await (auto ? credentials.obtain() : credentials.current()))?.install_id;
    return updateCheck(client, { ...query, installId }, call);
  };
  // A bug report names the install (when it holds a credential), so the service can count it as one vote in its release's guard.
  const postFeedback = client.postFeedback;
  const namedFeedback: OperationFunction<'postFeedback'> = async ({ body }, call) => {
    const held = body.type === 'bug' && body.install_id === undefined ? await credentials.current() : undefined;
    return postFeedback({ body: held ? { ...body, install_id: held.install_id } : body }, call);
  };
  Object.assign(client, { postFeedback: namedFeedback });
  client.notices = (query, call) => notices(client, query ?? {}, call);
  return client;
}
