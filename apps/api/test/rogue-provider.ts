import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next ID token the token endpoint hands out says, and which key signs it. */
export interface IdTokenPlan {
  sub: string;
  name: string;
  groups: string[];
  /** `published`: the key in the provider's JWKS; `rogue`: a key nobody published, with the published key's `kid`. */
  signedWith: 'published' | 'rogue';
  /** Seconds from now (default 0). */
  iatOffset?: number;
}

const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * An OpenID Connect provider that does what it is told, right or wrong: discovery, a JWKS with one
 * published RSA key, and a token endpoint answering the ID token a test planned for the code
 * (signed by the published key or by another one, with whatever claims). Nothing else: the test
 * plays the authorization step itself and follows the redirect back to the console.
 */
export class RogueProvider {
  private readonly plans = new Map<string, IdTokenPlan & { nonce: string; clientId: string }>();
  private readonly published: KeyObject;
  private readonly rogue: KeyObject;
  private readonly kid = 'published-1';

  private constructor(
    readonly issuer: string,
    private readonly server: Server,
  ) {
    this.published = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    this.rogue = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    server.on('request', (req, res) => {
      const path = new URL(req.url ?? '/', issuer).pathname;
      const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (path === '/jwks') {
        const jwk = createPrivateKey(this.published.export({ format: 'pem', type: 'pkcs8' })).export({ format: 'jwk' });
        return json(200, { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, kid: this.kid, alg: 'RS256', use: 'sig' }] });
      }
      if (path === '/token' && req.method === 'POST') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const code = new URLSearchParams(body).get('code') ?? '';
          const plan = this.plans.get(code);
          if (!plan) return json(400, { error: 'invalid_grant' });
          this.plans.delete(code);
          json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: this.idToken(plan) });
        });
        return;
      }
      json(404, { error: 'not_found' });
    });
  }

  static async start(): Promise<RogueProvider> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await new Promise<void>((done) => server.once('listening', done));
    return new RogueProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server);
  }

  /**
   * Plays the provider's authorization step for the console's redirect to `authorize`: a code whose
   * token carries `plan` and the nonce asked for; returns the console's callback URL.
   */
  authorize(authorize: URL, plan: IdTokenPlan): string {
    const code = randomBytes(12).toString('hex');
    this.plans.set(code, { ...plan, nonce: authorize.searchParams.get('nonce')!, clientId: authorize.searchParams.get('client_id')! });
    const back = new URL(authorize.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', authorize.searchParams.get('state')!);
    return back.href;
  }

  private idToken(plan: IdTokenPlan & { nonce: string; clientId: string }): string {
    const now = Math.floor(Date.now() / 1000);
    const iat = now + (plan.iatOffset ?? 0);
    const claims = { iss: this.issuer, aud: plan.clientId, sub: plan.sub, name: plan.name, groups: plan.groups, nonce: plan.nonce, iat, exp: Math.max(iat, now) + 300 };
    const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: this.kid })}.${b64(claims)}`;
    const signature = sign('sha256', Buffer.from(input), plan.signedWith === 'published' ? this.published : this.rogue);
    return `${input}.${b64(signature)}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}
