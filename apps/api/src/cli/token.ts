import { randomBytes } from 'node:crypto';
import { hashToken, SCOPES } from '../auth/tokens';

/**
 * `pnpm token:create [SCOPE+SCOPE | *]`: makes a new random credential and prints it once, with the
 * line to add to API_TOKENS_FILE (its SHA-256 only, so the token itself never sits on disk).
 */
const scopes = process.argv[2] ?? '*';
const unknown = scopes === '*' ? [] : scopes.split('+').filter((s) => !(SCOPES as readonly string[]).includes(s));
if (unknown.length > 0 || scopes === '') {
  console.error(`unknown scope ${unknown.join(', ')}; expected * or a +-joined list of: ${SCOPES.join(', ')}`);
  process.exit(2);
}
const token = randomBytes(32).toString('base64url');
console.log(`token (shown once; give it to the caller):\n  ${token}\n`);
console.log(`line for API_TOKENS_FILE:\n  ${hashToken(token).toString('hex')}=${scopes}\n`);
console.log(`or, for a quick local run:\n  API_TOKENS='${token}=${scopes}' pnpm start`);
