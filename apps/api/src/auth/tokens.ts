import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolveFromCaller } from '@companion/content';
import { ConfigError } from '../config-error';

export const SCOPES = ['errors:write', 'errors:read-log', 'feedback:read', 'email:send', 'health:read'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Credential {
  /** A name safe to log and to record as the actor: never the token. */
  actor: string;
  scopes: ReadonlySet<Scope>;
}

interface Entry extends Credential {
  hash: Buffer;
}

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();


function readTokensFile(path: string): string {
  try {
    return readFileSync(resolveFromCaller(path), 'utf8');
  } catch (error) {
    throw new ConfigError(`API_TOKENS_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function parseScopes(text: string, where: string): Set<Scope> {
  if (text.trim() === '*') return new Set(SCOPES);
  const scopes = text.split('+').map((s) => s.trim());
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new ConfigError(`${where}: unknown scope "${scope}"; expected ${SCOPES.join(', ')} or *`);
    }
  }
  return new Set(scopes as Scope[]);
}

/** Looks up bearer tokens by their SHA-256, comparing every entry in constant time. */
export class Authenticator {
  private constructor(private readonly entries: readonly Entry[]) {}

  static none(): Authenticator {
    return new Authenticator([]);
  }

  /**
   * `API_TOKENS`: `TOKEN=SCOPE+SCOPE,...`; `API_TOKENS_FILE`: one `SHA256HEX=SCOPE+SCOPE` a line,
   * `#` comments allowed, so no plain token need sit on disk.
   */
  static fromConfig(env: { API_TOKENS?: string | undefined; API_TOKENS_FILE?: string | undefined }): Authenticator {
    const entries: Entry[] = [];
    const add = (hash: Buffer, scopes: Set<Scope>) => entries.push({ hash, scopes, actor: `token:${hash.toString('hex').slice(0, 12)}` });
    for (const [i, item] of (env.API_TOKENS ?? '').split(',').entries()) {
      if (item.trim() === '') continue;
      const at = item.lastIndexOf('=');
      if (at <= 0) throw new ConfigError(`API_TOKENS entry ${i + 1}: expected TOKEN=SCOPE+SCOPE`);
      add(hashToken(item.slice(0, at).trim()), parseScopes(item.slice(at + 1), `API_TOKENS entry ${i + 1}`));
    }
    if (env.API_TOKENS_FILE) {
      const lines = readTokensFile(env.API_TOKENS_FILE).split(/\r?\n/);
      for (const [i, raw] of lines.entries()) {
        const line = raw.replace(/#.*$/, '').trim();
        if (line === '') continue;
        const match = /^([0-9a-fA-F]{64})\s*=\s*(.+)$/.exec(line);
        if (!match) throw new ConfigError(`${env.API_TOKENS_FILE}:${i + 1}: expected SHA256HEX=SCOPE+SCOPE (the token's SHA-256 from \`pnpm token:create\`, never the token itself)`);
        add(Buffer.from(match[1]!, 'hex'), parseScopes(match[2]!, `${env.API_TOKENS_FILE}:${i + 1}`));
      }
    }
    return new Authenticator(entries);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The credential for a presented token, or null. Takes the same time whichever entry matches. */
  verify(token: string): Credential | null {
    const hash = hashToken(token);
    let found: Entry | null = null;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.hash, hash)) found = entry;
    }
    return found && { actor: found.actor, scopes: found.scopes };
  }
}
