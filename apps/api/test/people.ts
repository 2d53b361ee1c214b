import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Authenticator, hashToken } from '@companion/auth';
import type { AppDeps } from '../src/deps';
import { startServer, type TestServer } from './server';

/** A person of a test: the name staff see, the token they sign in with, and their scopes (`errors:write+feedback:read`). */
export type Person = readonly [name: string, token: string, scopes: string];

/** The API_TOKENS_FILE lines of `people`, each token kept as its hash, as operators write the file. */
export const tokenLines = (people: readonly Person[]): string => people.map(([name, token, scopes]) => `${name}: ${hashToken(token).toString('hex')}=${scopes}`).join('\n');

/** Writes `people` to `<dir>/tokens.txt` and reads that file as the service does. */
export async function authenticatorFor(dir: string, people: readonly Person[]): Promise<Authenticator> {
  await writeFile(join(dir, 'tokens.txt'), tokenLines(people));
  return Authenticator.fromConfig({ API_TOKENS_FILE: join(dir, 'tokens.txt') });
}

/** A temp folder, the people of its tokens file, and a service on `<dir>/data` that reads them. */
export interface PeopleServer {
  dir: string;
  auth: Authenticator;
  server: TestServer;
}

/** Writes `people` to a new temp folder (named from `prefix`) and starts the service on it, with `deps` (a console's sign-in) and `env`. */
export async function serverWithPeople(prefix: string, people: readonly Person[], options: { deps?: Partial<AppDeps>; env?: Record<string, string> } = {}): Promise<PeopleServer> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const auth = await authenticatorFor(dir, people);
  const server = await startServer({ dataDir: join(dir, 'data'), ...(options.env && { env: options.env }), deps: { auth, ...options.deps } });
  return { dir, auth, server };
}

/** Stops the service and the tokens file's watch, and removes the folder. */
export async function stopServerWithPeople({ dir, auth, server }: PeopleServer): Promise<void> {
  await server.close();
  auth.close();
  await rm(dir, { recursive: true, force: true });
}
