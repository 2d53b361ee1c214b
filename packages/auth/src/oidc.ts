import * as client from 'openid-client';
import type { OidcSettings } from './sign-in-settings';

/** What the provider vouched for, as a session keeps it. */
export interface OidcPerson {
  /** Issuer and subject: who the person is (a display name is theirs to choose). */
  iss: string;
  sub: string;
  name: string;
  groups: string[];
}

/** A sign-in under way: kept sealed in a cookie between the redirect out and the one back. */
export interface OidcLogin {
  state: string;
  nonce: string;
  verifier: string;
  /** Where to go once signed in: a path of the console. */
  next: string;
  exp: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** How far a provider's clock may run ahead of ours: openid-client's own tolerance for `exp`. */
export const CLOCK_SKEW_S = 30;

/**
 * Single sign-on with the authorization code flow and PKCE (openid-client): the provider's
 * discovery document is read on first use (again after a failure). Checked before anyone is
 * signed in: `state` and the PKCE verifier (the library); the ID token's signature against the
 * keys the provider publishes at its `jwks_uri`, with the algorithm its metadata names (the
 * library, with `enableNonRepudiationChecks`: OpenID Connect lets a client skip this for a
 * token fetched over TLS straight from the token endpoint, but a rogue or misconfigured endpoint
 * could then name anyone with any groups); `iss`, `aud`, `azp`, `nonce` and `exp` (the
 * library); `iat` no more than CLOCK_SKEW_S in the future (here: the library only refuses an
 * `iat` too far in the past).
 */
export class OidcSignIn {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  async start(redirectUri: string, next: string, now: number): Promise<{ url: URL; login: OidcLogin }> {
    const config = await this.config();
    const verifier = client.randomPKCECodeVerifier();
    const login: OidcLogin = { state: client.randomState(), nonce: client.randomNonce(), verifier, next, exp: now + 10 * 60_000 };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: login.state,
      nonce: login.nonce,
    });
    return { url, login };
  }

  /**
   * Trades the code the provider sent back (in `callback`, the whole redirect URL) for the person,
   * with the ID token itself (the hint a sign-out gives the provider).
   */
  async finish(callback: URL, login: OidcLogin, now: number): Promise<OidcPerson & { idToken: string }> {
    const tokens = await client.authorizationCodeGrant(await this.config(), callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    if (claims.iat > Math.floor(now / 1000) + CLOCK_SKEW_S) {
      throw new Error(`the ID token was issued ${claims.iat - Math.floor(now / 1000)} s in the future (more than ${CLOCK_SKEW_S} s of clock skew)`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
    const listed = claims[this.settings.groupsClaim];
    const groups = (Array.isArray(listed) ? listed : [listed]).filter((g): g is string => typeof g === 'string');
    return { iss: claims.iss, sub: claims.sub, name: (text(claims.name) ?? text(claims.preferred_username) ?? text(claims.email) ?? claims.sub).slice(0, 100), groups, idToken: tokens.id_token! };
  }

  private config(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // Plain HTTP only to a provider on this machine (a test or a developer's own); anywhere else TLS.
    const execute = [client.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [])];
    const options = { execute };
    this.configuration ??= client.discovery(issuer, clientId, clientSecret, undefined, options).catch((error: unknown) => {
      this.configuration = null;
      throw error;
    });
    return this.configuration;
  }

  /**
   * Where to send a person signing out so the provider ends its session too (OpenID Connect
   * RP-Initiated Logout 1.0: `client_id`, and `id_token_hint`, the ID token of the sign-in, when
   * it is known), coming back to `postLogoutRedirectUri`; null when the provider offers no
   * `end_session_endpoint` (or cannot be reached).
   */
  async endSessionUrl(postLogoutRedirectUri: string, idTokenHint?: string): Promise<URL | null> {
    const config = await this.config().catch(() => null);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, { client_id: this.settings.clientId, post_logout_redirect_uri: postLogoutRedirectUri, ...(idTokenHint && { id_token_hint: idTokenHint }) });
  }

  /**
   * The origin of the provider's end-session endpoint, which console pages let their sign-out
   * form be redirected to (CSP `form-action`); null without one (or while it cannot be read).
   */
  async endSessionOrigin(): Promise<string | null> {
    const config = await this.config().catch(() => null);
    const endpoint = config?.serverMetadata().end_session_endpoint;
    return endpoint ? new URL(endpoint).origin : null;
  }
}
