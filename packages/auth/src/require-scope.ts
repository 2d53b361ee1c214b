import type { Request, RequestHandler } from 'express';
import { ApiError } from '@companion/http-kit';
import type { Authenticator, Credential, Scope } from './tokens';

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="companion", error="${error}"` : 'Bearer realm="companion"',
});

const credentials = new WeakMap<Request, Credential>();

/** The credential a request was authorised with (after requireScope ran). */
export function credentialOf(req: Request): Credential {
  const credential = credentials.get(req);
  if (!credential) throw new Error('credentialOf called on a route without requireScope');
  return credential;
}

/** The credential a bearer header names; 401 (with WWW-Authenticate) when missing, malformed or unknown. */
function authenticate(auth: Authenticator, header: string | undefined): Credential {
  if (!header || header.trim() === '') {
    throw new ApiError('UNAUTHORIZED', 'A bearer credential is required: Authorization: Bearer <token>.', [], challenge());
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError('UNAUTHORIZED', 'Expected the Bearer scheme: Authorization: Bearer <token>.', [], challenge('invalid_request'));
  const credential = auth.verify(match[1]!);
  if (!credential) throw new ApiError('UNAUTHORIZED', 'The credential is not valid.', [], challenge('invalid_token'));
  return credential;
}

/**
 * The credential of a request that may carry one: null without an Authorization header, 401 when
 * the header is there but is not a valid credential (a client that sends one expects it to count).
 */
export function optionalCredential(auth: Authenticator, req: Request): Credential | null {
  return req.headers.authorization === undefined ? null : authenticate(auth, req.headers.authorization);
}

/** The credential a bearer header names when it is valid and holds `scope`; null in every case requireScope refuses. */
export function credentialWithScope(auth: Authenticator, header: string | undefined, scope: Scope): Credential | null {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  const credential = match ? auth.verify(match[1]!) : null;
  return credential?.scopes.has(scope) ? credential : null;
}

/** Records the credential a request was authorised with outside Express (the fast write path), for credentialOf. */
export function rememberCredential(req: object, credential: Credential): void {
  credentials.set(req as Request, credential);
}

/** 401 (with WWW-Authenticate) without a valid bearer token; 403 when it lacks `scope`. */
export function requireScope(auth: Authenticator, scope: Scope): RequestHandler {
  return (req, _res, next) => {
    const credential = authenticate(auth, req.headers.authorization);
    if (!credential.scopes.has(scope)) throw new ApiError('FORBIDDEN', `The credential lacks the ${scope} scope.`, [], challenge('insufficient_scope'));
    credentials.set(req, credential);
    next();
  };
}
