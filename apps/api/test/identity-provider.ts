import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** People the test provider knows: any password signs them in (the provider's development login form). */
export const PEOPLE: Record<string, { name: string; groups: string[] }> = {
  ada: { name: 'Ada Support', groups: ['support-staff'] },
  pm: { name: 'Pat Product', groups: ['product'] },
  nobody: { name: 'No Role', groups: ['visitors'] },
  // Chose a colleague's name as display name: a named token's in the tests' tokens file.
  mallory: { name: 'Sam Support', groups: ['support-staff'] },
  // In many directory groups, as people of a large company are: an ID token of several KB.
  kim: { name: 'Kim Many', groups: ['product', ...Array.from({ length: 120 }, (_, i) => `directory-group-of-the-company-${i}`)] },
};

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port: discovery, the authorization
 * endpoint with its login and consent forms, the token endpoint, signed ID tokens.
 */
export class IdentityProvider {
  private constructor(
    readonly issuer: string,
    private readonly server: Server,
  ) {}

  /** Listens first, so the issuer URL is known; `redirectUri` is asked for once the console's address is known. */
  static async start(): Promise<IdentityProvider & { register(redirectUri: string): void }> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await new Promise<void>((done) => server.once('listening', done));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new IdentityProvider(issuer, server);
    return Object.assign(provider, {
      register(redirectUri: string) {
        const oidc = new Provider(issuer, {
          clients: [{ client_id: 'console', client_secret: 'console-secret-of-the-test', redirect_uris: [redirectUri], post_logout_redirect_uris: [redirectUri.replace('/oidc/callback', '/sign-in')] }],
          claims: { openid: ['sub'], profile: ['name', 'groups'] },
          // The claims of the scopes asked for go into the ID token, which is all the console reads.
          conformIdTokenClaims: false,
          findAccount: (_ctx, sub) => {
            const person = PEOPLE[sub] ?? { name: sub, groups: [] };
            return { accountId: sub, claims: () => ({ sub, ...person }) };
          },
        });
        server.on('request', oidc.callback());
      },
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}
