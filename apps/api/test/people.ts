import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Authenticator, hashToken } from '@companion/auth';

/** A person of a test: the name staff see, the token they sign in with, and their scopes (`errors:write+feedback:read`). */
export type Person = readonly [name: string, token: string, scopes: string];

/** The API_TOKENS_FILE lines of `people`, each token kept as its hash, as operators write the file. */
export const tokenLines = (people: readonly Person[]): string => people.map(([name, token, scopes]) => `${name}: ${hashToken(token).toString('hex')}=${scopes}`).join('\n');

/** Writes `people` to `<dir>/tokens.txt` and reads that file as the service does. */
export async function authenticatorFor(dir: string, people: readonly Person[]): Promise<Authenticator> {
  await writeFile(join(dir, 'tokens.txt'), tokenLines(people));
  return Authenticator.fromConfig({ API_TOKENS_FILE: join(dir, 'tokens.txt') });
}
