import { ConfigError } from '@companion/http-kit';

/** How people sign in to the console; from the environment (`signInFromEnv`). */
export interface SignInSettings {
  /**
   * SESSION_SECRET: seals the session cookies; the same on every replica, at least 32 characters.
   * Without it, one generated once and kept (see generatedSessionSecret).
   */
  secret: string;
  /** SESSION_TTL_MINUTES: how long a sign-in lasts (default 480: a working day). */
  ttlMs: number;
  /** Single sign-on through an OpenID Connect provider; null: named tokens only. */
  oidc: OidcSettings | null;
}

export interface OidcSettings {
  /** OIDC_ISSUER: the provider's issuer URL (its discovery document is read from it). */
  issuer: URL;
  /** OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, as the provider registered this service. */
  clientId: string;
  clientSecret: string;
  /** OIDC_REDIRECT_URI: registered with the provider; default `<PUBLIC_URL>/console/oidc/callback`. */
  redirectUri: string | null;
  /** OIDC_GROUPS_CLAIM: the ID token claim holding the person's groups or roles (default `groups`). */
  groupsClaim: string;
  /** OIDC_SCOPE: what is asked of the provider (default `openid profile email`). */
  scope: string;
  /** OIDC_PROVIDER_NAME: the button's label (default `your company account`). */
  label: string;
}

type Env = Record<string, string | undefined>;
const setting = (env: Env, name: string): string | undefined => (env[name] === '' ? undefined : env[name]);

/** The console's sign-in settings; `secret` null without SESSION_SECRET (one is then generated and kept). */
export function signInFromEnv(env: Env): Omit<SignInSettings, 'secret'> & { secret: string | null } {
  const secret = setting(env, 'SESSION_SECRET') ?? null;
  const issuer = setting(env, 'OIDC_ISSUER');
  if (secret !== null && secret.length < 32) throw new ConfigError(`SESSION_SECRET: expected at least 32 characters (\`openssl rand -base64 32\`); found ${secret.length}`);
  const minutes = setting(env, 'SESSION_TTL_MINUTES') ?? '480';
  if (!/^\d{1,5}$/.test(minutes) || Number(minutes) < 1) throw new ConfigError(`SESSION_TTL_MINUTES: expected minutes from 1 to 99999; found ${JSON.stringify(minutes)}`);
  return { secret, ttlMs: Number(minutes) * 60_000, oidc: issuer === undefined ? null : oidcFromEnv(env, issuer) };
}

function oidcFromEnv(env: Env, issuer: string): OidcSettings {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER: expected the provider's issuer URL; found ${JSON.stringify(issuer)}`);
  }
  const clientId = setting(env, 'OIDC_CLIENT_ID');
  const clientSecret = setting(env, 'OIDC_CLIENT_SECRET');
  if (!clientId || !clientSecret) throw new ConfigError('OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too (from the client registered with the provider)');
  return {
    issuer: url,
    clientId,
    clientSecret,
    redirectUri: setting(env, 'OIDC_REDIRECT_URI') ?? null,
    groupsClaim: setting(env, 'OIDC_GROUPS_CLAIM') ?? 'groups',
    scope: setting(env, 'OIDC_SCOPE') ?? 'openid profile email',
    label: setting(env, 'OIDC_PROVIDER_NAME') ?? 'your company account',
  };
}
