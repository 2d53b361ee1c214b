import { randomBytes } from 'node:crypto';
import { hashToken, SCOPES } from '@companion/auth';

/**
 * `pnpm token:create [SCOPE+SCOPE | *]`: makes a new random credential and prints it once, with the
 * line to add to API_TOKENS_FILE (its SHA-256 only, so the token itself never sits on disk).
 */
const USAGE = `usage: pnpm token:create [SCOPES]
  SCOPES: * (every scope, the default) or a +-joined list of: ${SCOPES.join(', ')}
  e.g.    pnpm token:create errors:write+errors:read-log`;
if (process.argv[2] === '--help' || process.argv[2] === '-h') {
  console.log(USAGE);
  process.exit(0);
}
const scopes = process.argv[2] ?? '*';
const unknown = scopes === '*' ? [] : scopes.split('+').filter((s) => !(SCOPES as readonly string[]).includes(s));
if (unknown.length > 0 || scopes === '') {
  console.error(`unknown scope ${unknown.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const token = randomBytes(32).toString('base64url');
console.log(`token (shown once; give it to the caller):\n  ${token}\n`);
console.log(`line for API_TOKENS_FILE:\n  ${hashToken(token).toString('hex')}=${scopes}\n`);
console.log(`or, for a quick local run:\n  API_TOKENS='${token}=${scopes}' pnpm start`);
