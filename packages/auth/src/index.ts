export { CLOCK_SKEW_S, type OidcLogin, type OidcPerson, OidcSignIn } from './oidc';
export { credentialOf, credentialWithScope, optionalCredential, rememberCredential, requireScope } from './require-scope';
export { cookie, sameSecret, Sessions, type SessionState, type SessionSubject, type SignedIn, ssoIdentity } from './sessions';
export { type OidcSettings, signInFromEnv, type SignInSettings } from './sign-in-settings';
export { Authenticator, type Credential, hashToken, type Scope, SCOPES, type TokensReading } from './tokens';
