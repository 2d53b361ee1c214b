import { randomBytes, timingSafeEqual } from 'node:crypto';
import Iron from '@hapi/iron';
import type { Request, Response } from 'express';
import { ApiError, arrivedOverHttps, type TrustProxy } from '@companion/http-kit';
import { StorageUnavailableError } from '@companion/journal';
import type { SignInSettings } from './sign-in-settings';
import type { SignedOutSessions } from '@companion/session-store';
import type { Authenticator, Credential } from './tokens';
import { formToken, formTokenOwner, subjectTag } from './form-token';

/** Who a session stands for: a named token (kept as its hash) or a person the identity provider vouched for. */
export type SessionSubject = { kind: 'token'; hash: string } | { kind: 'oidc'; iss: string; sub: string; name: string; groups: string[] };

/** What the sealed cookie holds. */
export interface SessionState {
  /** New at every sign-in, so a session id known before it is worth nothing after. */
  sid: string;
  /** The value every form of this session must send back (formToken: it names the session's person, verifiably, after the session ends). */
  csrf: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** When it was issued, ms since the epoch (a session sealed before this was kept: `exp` less the sign-in's length). */
  iat?: number;
  who: SessionSubject;
}

/** A signed-in person as the console and the API see them now. */
export interface SignedIn extends Credential {
  session: SessionState;
}

const randomId = () => randomBytes(24).toString('base64url');

/** Equal strings in constant time. */
export const sameSecret = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Sessions as sealed cookies (@hapi/iron: AES-256-CBC and HMAC-SHA256 under SESSION_SECRET), so
 * every replica reads them without shared state but one: the record of sessions signed out
 * (SignedOutSessions), checked on every request, so a copy of the cookie is worth nothing after
 * sign-out on any replica. Who the cookie names is checked on every request against the tokens
 * file as it is now (re-read within a second of an edit): a revoked token or a group that no
 * longer grants anything signs the person out at their next request.
 */
export class Sessions {
  constructor(
    private readonly settings: SignInSettings,
    private readonly auth: Authenticator,
    private readonly trust: TrustProxy,
    private readonly signedOut: SignedOutSessions,
    private readonly now: () => number = Date.now,
    /** Sessions issued before this instant (ms) are refused: the data was restored from a backup then (RestoreWatch); null: none. */
    private readonly validFrom: () => number | null = () => null,
  ) {}

  /**
   * The name of a console cookie (the session's by default): `__Host-` over HTTPS (Secure,
   * Path=/, no Domain: the browser enforces all three, so no subdomain can plant or shadow it).
   */
  cookieName(req: Request, name = 'console-session'): string {
    return arrivedOverHttps(req, this.trust) ? `__Host-${name}` : name;
  }

  async read(req: Request): Promise<SignedIn | null> {
    const state = await this.unseal<SessionState>(cookie(req, this.cookieName(req)));
    if (!state?.who || this.predatesRestore(state) || (await this.wasSignedOut(state.sid))) return null;
    const credential = this.credentialOf(state.who);
    return credential && { ...credential, session: state };
  }

  /** A new session (a new id and CSRF value, whatever cookie came in) for `who`. */
  async start(req: Request, res: Response, who: SessionSubject): Promise<SessionState> {
    const session = { sid: randomId(), exp: this.now() + this.settings.ttlMs, who };
    const state: SessionState = { ...session, csrf: formToken(this.settings.secret, session), iat: this.now() };
    await this.set(req, res, 'console-session', state, this.settings.ttlMs);
    return state;
  }

  /** Whether `state`'s session was signed out (its cookie kept or copied since). */
  signedOutOf(state: SessionState): Promise<boolean> {
    return this.wasSignedOut(state.sid);
  }

  /** The person (subjectTag) whose session made a form carrying `csrf`, if its session lives or ended less than `graceMs` ago. */
  formOwner(csrf: unknown, graceMs: number): string | null {
    return formTokenOwner(this.settings.secret, csrf, this.now(), graceMs);
  }

  /** The keyed digest of the person a session stands for, as formOwner names them. */
  subjectTag(who: SessionSubject): string {
    return subjectTag(this.settings.secret, who);
  }

  /** Drops the session cookie from this browser (one that stands for no one any more). */
  end(req: Request, res: Response): void {
    this.clear(req, res, 'console-session');
  }

  /** Ends `session` for good, on every replica and for every copy of its cookie, then drops the cookie. */
  async signOut(req: Request, res: Response, session: SessionState): Promise<void> {
    try {
      await this.signedOut.add(session.sid, session.exp);
    } catch (error) {
      throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `Signing out cannot be recorded: ${error.message}. The session still works; try again.`) : error;
    }
    this.end(req, res);
  }

  /**
   * Whether the session was issued before the service's data was restored from a backup: the
   * record of its sign-out may be one the restore undid, so no session of then is trusted.
   */
  predatesRestore(state: Pick<SessionState, 'exp' | 'iat'>): boolean {
    const from = this.validFrom();
    return from !== null && (state.iat ?? state.exp - this.settings.ttlMs) < from;
  }

  private async wasSignedOut(sid: string): Promise<boolean> {
    try {
      return await this.signedOut.has(sid);
    } catch (error) {
      // Not knowing whether a session was signed out, the console lets no one in.
      throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `Sign-ins cannot be checked: ${error.message}.`) : error;
    }
  }

  /**
   * A short-lived sealed value in a cookie of its own (the sign-in form's CSRF value, an OIDC
   * login under way), named by cookieName: `name` is the name without the `__Host-` prefix.
   */
  async set<T extends { exp: number }>(req: Request, res: Response, name: string, value: T, ttlMs: number): Promise<void> {
    const sealed = await Iron.seal(value, this.settings.secret, { ...Iron.defaults, ttl: ttlMs });
    res.append('Set-Cookie', `${this.cookieName(req, name)}=${sealed}; ${this.attributes(req)}; Max-Age=${Math.floor(ttlMs / 1000)}`);
  }

  clear(req: Request, res: Response, name: string): void {
    res.append('Set-Cookie', `${this.cookieName(req, name)}=; ${this.attributes(req)}; Max-Age=0`);
  }

  async get<T extends { exp: number }>(req: Request, name: string): Promise<T | null> {
    return this.unseal<T>(cookie(req, this.cookieName(req, name)));
  }

  private credentialOf(who: SessionSubject): Credential | null {
    if (who.kind === 'token') return this.auth.byHash(Buffer.from(who.hash, 'hex'));
    // A session sealed before sessions kept the issuer names no one for sure: signed out.
    if (typeof who.iss !== 'string') return null;
    const scopes = this.auth.scopesOfGroups(who.groups);
    return scopes.size > 0 ? { ...ssoIdentity(who), scopes } : null;
  }

  private attributes(req: Request): string {
    // Lax: sent on the provider's redirect back (a top-level GET), never on another site's POST.
    return `Path=/; HttpOnly; SameSite=Lax${arrivedOverHttps(req, this.trust) ? '; Secure' : ''}`;
  }

  private async unseal<T extends { exp: number }>(sealed: string | undefined): Promise<T | null> {
    if (!sealed) return null;
    try {
      const value = (await Iron.unseal(sealed, this.settings.secret, Iron.defaults)) as T;
      return typeof value?.exp === 'number' && value.exp > this.now() ? value : null;
    } catch {
      return null; // tampered, sealed with another secret, or expired
    }
  }
}

/**
 * A person signed in through the identity provider: known by issuer and subject, the only
 * claims the provider guarantees to be theirs alone; the display name they chose is shown beside.
 */
export function ssoIdentity(who: { iss: string; sub: string; name: string }): Pick<Credential, 'id' | 'actor' | 'via'> {
  return { id: `sso:${who.iss} ${who.sub}`, actor: `${who.name} (${who.sub} at ${who.iss})`, via: 'sso' };
}

/** A cookie's value from the request's Cookie header. */
export function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
