import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Authenticator, hashToken, type TokensReading } from '@companion/auth';
import { BrowserClient, formOf } from './browser-client';
import { ConfigError } from '@companion/http-kit';
import { call, eventually, expectError, startServer, type TestServer } from './server';

const line = (token: string, scopes: string, name?: string) => `${name ? `${name}: ` : ''}${hashToken(token).toString('hex')}=${scopes}`;
const entry = (Flag: string, extra: object = {}) => ({ Flag, Info: `Info of ${Flag}.`, Solution: [`Fix ${Flag}.`], ...extra });
const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

let dir: string;
let tokensFile: string;
const servers: TestServer[] = [];
/** Writes the tokens file as an editor would: a new file renamed over the old one. */
const writeTokens = async (...lines: string[]) => {
  await writeFile(`${tokensFile}.new`, `# people\n${lines.join('\n')}\n`);
  await rename(`${tokensFile}.new`, tokensFile);
};
const SECRET = 'a session secret of the test, 32+ characters long';
/** Every reading of the tokens file a replica reported. */
const readings: TokensReading[] = [];
const serve = async () => {
  const auth = Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile });
  auth.watch((reading) => readings.push(reading), 100);
  const server = await startServer({ deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
  servers.push(server);
  const close = server.close.bind(server);
  server.close = async () => {
    auth.close();
    await close();
  };
  return server;
};

beforeEach(async () => {
  readings.length = 0;
  dir = await mkdtemp(join(tmpdir(), 'named-credentials-'));
  tokensFile = join(dir, 'tokens.txt');
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('named credentials', () => {
  it('record the person as the actor of each change, with the reason a change gives; unnamed lines act as token:<hash>', async () => {
    await writeTokens(line('ada-secret', 'errors:write+errors:read-log', 'Ada Lovelace'), line('anon-secret', 'errors:write'));
    const server = await serve();
    const post = await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: json('ada-secret'), body: JSON.stringify(entry('ZZN1', { reason: 'Customers report it since 1.9.' })) });
    expect(post.status).toBe(201);
    expect(post.body.data).not.toHaveProperty('reason'); // a reason is about the change, not the entry
    expect((await call(`${server.url}/api/tunnel/errors/ZZN1`, { method: 'PATCH', headers: { ...json('anon-secret'), 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ notes: 'n' }) })).status).toBe(200);
    expect((await call(`${server.url}/api/tunnel/errors/ZZN1?reason=${encodeURIComponent('Merged into PORT1001.')}`, { method: 'DELETE', headers: json('ada-secret') })).status).toBe(200);

    const logs = await call(`${server.url}/api/tunnel/errors/logs`, { headers: json('ada-secret') });
    expect(logs.body.data.map((r: any) => [r.operation, r.actor, r.reason])).toEqual([
      ['DELETE', 'Ada Lovelace', 'Merged into PORT1001.'],
      ['UPDATE', `token:${hashToken('anon-secret').toString('hex').slice(0, 12)}`, undefined],
      ['CREATE', 'Ada Lovelace', 'Customers report it since 1.9.'],
    ]);
    // A blank or overlong reason is refused at the field, like the entry's own fields.
    const blank = await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: json('ada-secret'), body: JSON.stringify(entry('ZZN2', { reason: ' ' })) });
    expectError(blank, 422, 'VALIDATION_FAILED');
    expect(blank.body.error.details).toEqual([{ path: 'reason', message: expect.any(String) }]);
    expectError(await call(`${server.url}/api/tunnel/errors/ZZN2?reason=${'x'.repeat(501)}`, { method: 'DELETE', headers: json('ada-secret') }), 400, 'BAD_PARAMETER');
  });

  it('a bad name or line stops start-up naming the line', async () => {
    await writeTokens(line('ok', 'errors:write', 'Ada'), `Bad=Name: ${hashToken('x').toString('hex')}=errors:write`);
    expect(() => Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile })).toThrow(ConfigError);
    expect(() => Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile })).toThrow(/tokens\.txt:3/);
  });
});

describe('the tokens file is read again when it changes', () => {
  it('a person added can write and a person revoked is refused on every replica once the file changes, without a restart', async () => {
    await writeTokens(line('ada-secret', 'errors:write', 'Ada Lovelace'));
    const replicas = [await serve(), await serve()];
    const status = (server: TestServer, token: string, flag: string) =>
      call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: json(token), body: JSON.stringify(entry(flag)) }).then((r) => r.status);
    let n = 0;
    for (const server of replicas) expect(await status(server, 'ada-secret', `ZZR${++n}`)).toBe(201);
    for (const server of replicas) expect(await status(server, 'grace-secret', `ZZR${++n}`)).toBe(401);

    await writeTokens(line('grace-secret', 'errors:write', 'Grace Hopper')); // Ada leaves, Grace joins
    for (const server of replicas) {
      await eventually('Ada refused', async () => (await status(server, 'ada-secret', `ZZR${++n}`)) === 401);
      await eventually('Grace let in', async () => (await status(server, 'grace-secret', `ZZR${++n}`)) === 201);
    }

    // An edit with a broken line: the lines that parse are taken, the broken one is left out and reported.
    await writeTokens(line('grace-secret', 'errors:write', 'Grace Hopper'), 'not a credential line');
    await eventually('the broken line reported', () => readings.some((r) => r.problems.length > 0));
    for (const server of replicas) expect(await status(server, 'grace-secret', `ZZR${++n}`)).toBe(201);
    expect(readings.find((r) => r.problems.length > 0)).toEqual({ size: 1, unreadable: false, problems: [expect.stringMatching(/tokens\.txt:3: expected \[NAME: \]SHA256HEX=SCOPE\+SCOPE.*; the line is left out$/)] });
  });

  it('revoking a person is never held up by a broken line elsewhere in the same edit, for tokens and console sessions alike', async () => {
    await writeTokens(line('ada-secret', 'errors:write', 'Ada Lovelace'), line('bo-secret', 'errors:write', 'Bo'), line('cy-secret', 'errors:write', 'Cy'));
    const [server] = [await serve()];
    const status = (token: string, flag: string) => call(`${server!.url}/api/tunnel/errors`, { method: 'POST', headers: json(token), body: JSON.stringify(entry(flag)) }).then((r) => r.status);
    const ada = new BrowserClient();
    const { action, fields } = formOf((await ada.follow(`${server!.url}/console/sign-in`)).text, server!.url);
    await ada.request(action, { form: { ...fields, token: 'ada-secret' } });
    expect((await ada.request(`${server!.url}/console`)).status).toBe(200);
    expect(await status('ada-secret', 'REV1')).toBe(201);

    // Ada's line removed and, in the same edit, a scope misspelt on Cy's line.
    await writeTokens(line('bo-secret', 'errors:write', 'Bo'), line('cy-secret', 'errors:wrte', 'Cy'));
    let tries = 0;
    await eventually('Ada refused', async () => (await status('ada-secret', `REVA${++tries}`)) === 401);
    expect((await ada.request(`${server!.url}/console`)).status).toBe(303);
    expect(await status('bo-secret', 'REV2')).toBe(201);
    expect(await status('cy-secret', 'REV3')).toBe(401); // the broken line grants nothing
    expect(readings.at(-1)).toEqual({ size: 1, unreadable: false, problems: [expect.stringMatching(/tokens\.txt:3: unknown scope "errors:wrte".*; the line is left out$/)] });
  });

  it('a tokens file deleted leaves none of its credentials, says so, and counts again once it is back', async () => {
    await writeTokens(line('ada-secret', 'errors:write', 'Ada Lovelace'));
    const server = await serve();
    const status = (flag: string) => call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: json('ada-secret'), body: JSON.stringify(entry(flag)) }).then((r) => r.status);
    expect(await status('DEL1')).toBe(201);
    await rm(tokensFile);
    let tries = 0;
    await eventually('the deleted file granting nothing', async () => (await status(`DELA${++tries}`)) === 401);
    expect(readings.at(-1)).toEqual({ size: 0, unreadable: true, problems: [expect.stringMatching(/cannot read .*tokens\.txt \(ENOENT\); no credential or group of the file counts until it can be read$/)] });
    await writeTokens(line('ada-secret', 'errors:write', 'Ada Lovelace'));
    await eventually('the file back granting again', async () => (await status(`DELB${++tries}`)) === 201);
  });
});
