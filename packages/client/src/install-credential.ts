import type { components } from './generated/openapi.js';
import type { Result } from './result.js';
import type { CacheStorage } from './storage.js';

/** What `POST /api/installs` answers: the id the service counts, and the UTC day it issued it. */
export type InstallCredential = components['schemas']['InstallCredential'];

/** Where the credential is kept in the client's storage, beside (never among) the cached answers. */
export const CREDENTIAL_KEY = 'companion:install-credential';

/** The shape of an id the service issues (a UUID of version 8); anything else in the storage is damage. */
const ISSUED = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

function parseStored(text: string | null | undefined): InstallCredential | undefined {
  try {
    const value = text ? (JSON.parse(text) as Partial<InstallCredential>) : undefined;
    if (typeof value?.install_id === 'string' && ISSUED.test(value.install_id) && typeof value.issued_on === 'string') return { install_id: value.install_id, issued_on: value.issued_on };
  } catch {
    // A damaged entry is no credential: a new one is obtained and written over it.
  }
  return undefined;
}

/**
 * The install's credential: kept in the storage so it outlives the process (the same id on every
 * start, so the same rollout share and one install in the counts), obtained from the service the
 * first time one is needed, by one request however many calls need it at once. Obtaining it never
 * fails a call: a refusal (429, 503) waits what the service's Retry-After says, else a minute
 * doubling up to an hour; a network failure is tried again at the next call.
 */
export class InstallCredentialKeeper {
  private held: InstallCredential | undefined;
  private read: Promise<InstallCredential | undefined> | undefined;
  private obtaining: Promise<InstallCredential | undefined> | undefined;
  /** No request before this time (ms since the epoch): the last refusal's wait. */
  private notBefore = 0;
  private refusals = 0;

  constructor(
    private readonly issue: () => Promise<Result<{ data: InstallCredential }, string>>,
    private readonly storage: CacheStorage | undefined,
  ) {}

  /** The credential this install holds (in memory, else in the storage), without asking the service. */
  async current(): Promise<InstallCredential | undefined> {
    if (this.held) return this.held;
    this.read ??= this.storage ? Promise.resolve().then(() => this.storage!.get(CREDENTIAL_KEY)).then(parseStored, () => undefined) : Promise.resolve(undefined);
    this.held ??= await this.read;
    return this.held;
  }

  /** The credential, obtained from the service when none is held and no refusal's wait is running; undefined when there is none yet. */
  obtain(): Promise<InstallCredential | undefined> {
    this.obtaining ??= this.obtainOnce().finally(() => {
      this.obtaining = undefined;
    });
    return this.obtaining;
  }

  private async obtainOnce(): Promise<InstallCredential | undefined> {
    const held = await this.current();
    if (held || Date.now() < this.notBefore) return held;
    const result = await this.issue();
    if (!result.ok) {
      if (result.error.kind !== 'network') {
        const retryAfter = result.error.kind === 'api' ? result.error.retryAfter : undefined;
        this.notBefore = Date.now() + (retryAfter !== undefined ? retryAfter * 1000 : Math.min(MINUTE_MS * 2 ** this.refusals, HOUR_MS));
        this.refusals++;
      }
      return undefined;
    }
    const { install_id, issued_on } = result.body.data;
    this.held = { install_id, issued_on };
    this.refusals = 0;
    // Kept in memory whatever the storage does: a failed write costs a new credential at the next start, never this call.
    if (this.storage) await Promise.resolve().then(() => this.storage!.set(CREDENTIAL_KEY, JSON.stringify(this.held))).catch(() => undefined);
    return this.held;
  }
}
