import * as client from 'openid-client';
import type { OidcSettings } from './sign-in-settings';

/** What the provider vouched for, as a session keeps it. */
export interface OidcPerson {
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

/**
 * Single sign-on with the authorization code flow and PKCE (openid-client): the provider's
 * discovery document is read on first use (again after a failure), the ID token's signature,
 * issuer, audience, nonce and expiry are checked by the library.
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

  /** Trades the code the provider sent back (in `callback`, the whole redirect URL) for the person. */
  async finish(callback: URL, login: OidcLogin): Promise<OidcPerson> {
    const tokens = await client.authorizationCodeGrant(await this.config(), callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
    const listed = claims[this.settings.groupsClaim];
    const groups = (Array.isArray(listed) ? listed : [listed]).filter((g): g is string => typeof g === 'string');
    return { sub: claims.sub, name: (text(claims.name) ?? text(claims.preferred_username) ?? text(claims.email) ?? claims.sub).slice(0, 100), groups };
  }

  private config(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // Plain HTTP only to a provider on this machine (a test or a developer's own); anywhere else TLS.
    const options = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? { execute: [client.allowInsecureRequests] } : undefined;
    this.configuration ??= client.discovery(issuer, clientId, clientSecret, undefined, options).catch((error: unknown) => {
      this.configuration = null;
      throw error;
    });
    return this.configuration;
  }

  /**
   * Where to send a person signing out so the provider ends its session too (OpenID Connect
   * RP-Initiated Logout 1.0, identified by `client_id`), coming back to `postLogoutRedirectUri`;
   * null when the provider offers no `end_session_endpoint` (or cannot be reached).
   */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<URL | null> {
    const config = await this.config().catch(() => null);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, { client_id: this.settings.clientId, post_logout_redirect_uri: postLogoutRedirectUri });
  }
}
