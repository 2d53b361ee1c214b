import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { resolveFromCaller } from '@companion/content';
import { ConfigError } from '@companion/http-kit';

export const SCOPES = ['errors:write', 'errors:read-log', 'catalog:draft', 'catalog:publish', 'feedback:read', 'feedback:write', 'feedback:erase', 'email:send', 'health:read', 'releases:read', 'releases:write'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Credential {
  /**
   * Who this is, stably, whatever name they show: `token-name:<name>` for a named token (an
   * administrator wrote the name), `token:<hash prefix>` for an unnamed one, `sso:<issuer> <subject>`
   * for a person the identity provider vouched for. Rate limits count by it.
   */
  id: string;
  /**
   * What changes record as the actor and the console shows, safe to log, never the token: the
   * token's name (or `token:<hash prefix>`); for single sign-on the display name followed by
   * `(<subject> at <issuer>)`. Token names cannot hold `:` and an issuer URL always does, so no
   * display name can read as a token's holder, and two people never share an actor.
   */
  actor: string;
  /** Where the identity came from, for the console to say. */
  via: 'token' | 'sso';
  scopes: ReadonlySet<Scope>;
}

interface Entry extends Credential {
  hash: Buffer;
}

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** A person's name as a tokens file line gives it: printable, one line, at most 100 characters. */
const NAME = /^[^\p{Cc}:=#]{1,100}$/u;
/** `[NAME: ]SHA256HEX=SCOPE+SCOPE`; the name is what changes made with the credential record. */
const LINE = /^(?:(.+?):\s+)?([0-9a-fA-F]{64})\s*=\s*(.+)$/;
/** `@GROUP=SCOPE+SCOPE`: what people signed in through the identity provider get for a group (or role) they hold. */
const GROUP_LINE = /^@([^\s=#]{1,200})\s*=\s*(.+)$/;

/** The tokens file read: credentials, and the scopes each identity-provider group grants. */
interface Grants {
  entries: Entry[];
  groups: Map<string, Set<Scope>>;
}

/**
 * What a reading of the configuration gave: the grants of every line that parsed, and what was
 * wrong with the others (`file:line: ...`), or that the file could not be read at all.
 */
export interface TokensReading {
  size: number;
  problems: string[];
  /** The file could not be read (deleted, moved, unreadable): none of its credentials count. */
  unreadable: boolean;
}

function readTokensFile(path: string): string {
  return readFileSync(resolveFromCaller(path), 'utf8');
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

type TokensEnv = { API_TOKENS?: string | undefined; API_TOKENS_FILE?: string | undefined };

const unnamed = (hash: Buffer) => `token:${hash.toString('hex').slice(0, 12)}`;

/**
 * The credentials and group grants `env` names. `API_TOKENS` must parse whole (ConfigError
 * otherwise). A line of the file that does not parse is left out and named in `problems`; a
 * file that cannot be read gives no credentials of its own and says so: a broken or missing
 * line never keeps in someone the file no longer names.
 */
function readGrants(env: TokensEnv): { grants: Grants; problems: string[]; unreadable: boolean } {
  const entries: Entry[] = [];
  const groups = new Map<string, Set<Scope>>();
  const problems: string[] = [];
  const add = (hash: Buffer, scopes: Set<Scope>, name?: string) =>
    entries.push({ hash, scopes, actor: name ?? unnamed(hash), id: name === undefined ? unnamed(hash) : `token-name:${name}`, via: 'token' });
  for (const [i, item] of (env.API_TOKENS ?? '').split(',').entries()) {
    if (item.trim() === '') continue;
    const at = item.lastIndexOf('=');
    if (at <= 0) throw new ConfigError(`API_TOKENS entry ${i + 1}: expected TOKEN=SCOPE+SCOPE`);
    add(hashToken(item.slice(0, at).trim()), parseScopes(item.slice(at + 1), `API_TOKENS entry ${i + 1}`));
  }
  if (!env.API_TOKENS_FILE) return { grants: { entries, groups }, problems, unreadable: false };
  let text: string;
  try {
    text = readTokensFile(env.API_TOKENS_FILE);
  } catch (error) {
    const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    problems.push(`API_TOKENS_FILE: cannot read ${env.API_TOKENS_FILE} (${cause}); no credential or group of the file counts until it can be read`);
    return { grants: { entries, groups }, problems, unreadable: true };
  }
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const where = `${env.API_TOKENS_FILE}:${i + 1}`;
    try {
      const group = GROUP_LINE.exec(line);
      if (group) {
        groups.set(group[1]!, new Set([...(groups.get(group[1]!) ?? []), ...parseScopes(group[2]!, where)]));
        continue;
      }
      const match = LINE.exec(line);
      if (!match) throw new ConfigError(`${where}: expected [NAME: ]SHA256HEX=SCOPE+SCOPE (the token's SHA-256 from \`pnpm token:create\`, never the token itself) or @GROUP=SCOPE+SCOPE`);
      const name = match[1]?.trim();
      if (name !== undefined && !NAME.test(name)) throw new ConfigError(`${where}: the name "${name}" must be 1 to 100 characters without control characters, ':', '=' or '#'`);
      add(Buffer.from(match[2]!, 'hex'), parseScopes(match[3]!, where), name);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(`${error.message}; the line is left out`);
    }
  }
  return { grants: { entries, groups }, problems, unreadable: false };
}

/** Looks up bearer tokens by their SHA-256, comparing every entry in constant time. */
export class Authenticator {
  private stopWatching: (() => void) | null = null;

  private constructor(
    private grants: Grants,
    private readonly env: TokensEnv = {},
  ) {}

  static none(): Authenticator {
    return new Authenticator({ entries: [], groups: new Map() });
  }

  /**
   * `API_TOKENS`: `TOKEN=SCOPE+SCOPE,...`; `API_TOKENS_FILE`: one `[NAME: ]SHA256HEX=SCOPE+SCOPE`
   * a line, `#` comments allowed, so no plain token need sit on disk. A line's name is the
   * person's, recorded as the actor of what they change; a line without one acts as
   * `token:<first 12 hex digits of the hash>`. At start-up a configuration with any problem is
   * refused (ConfigError naming the first), so a typo is seen before anyone relies on it.
   */
  static fromConfig(env: TokensEnv): Authenticator {
    const { grants, problems } = readGrants(env);
    if (problems.length > 0) throw new ConfigError(problems[0]!.replace(/; (the line is left out|no credential or group of the file counts until it can be read)$/, ''));
    return new Authenticator(grants, env);
  }

  get size(): number {
    return this.grants.entries.length;
  }

  /**
   * Reads `API_TOKENS_FILE` again whenever it changes (polled every `intervalMs`, so an editor
   * that replaces the file and a file on a shared volume are both seen): a credential added
   * counts and one removed is refused from then on, without a restart. Every line that parses
   * is taken, whatever is wrong with the others (they are left out and reported), so a typo on
   * one line never delays revoking someone on another; a file deleted or unreadable leaves no
   * credential of its own (only `API_TOKENS`), and is reported until it is back.
   */
  watch(onReload: (outcome: TokensReading) => void, intervalMs = 1000): void {
    const path = this.env.API_TOKENS_FILE;
    if (!path || this.stopWatching) return;
    const file = resolveFromCaller(path);
    const changed = (now: Stats, before: Stats) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
      const { grants, problems, unreadable } = readGrants(this.env);
      this.grants = grants;
      onReload({ size: grants.entries.length, problems, unreadable });
    };
    watchFile(file, { interval: intervalMs, persistent: false }, changed);
    this.stopWatching = () => unwatchFile(file, changed);
  }

  /** Stops watching the tokens file. */
  close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  /** The credential for a presented token, or null. Takes the same time whichever entry matches. */
  verify(token: string): Credential | null {
    return this.byHash(hashToken(token));
  }

  /** The credential whose token has this SHA-256 now (a signed-in session keeps only the hash), or null. */
  byHash(hash: Buffer): Credential | null {
    let found: Entry | null = null;
    for (const entry of this.grants.entries) {
      if (entry.hash.length === hash.length && timingSafeEqual(entry.hash, hash)) found = entry;
    }
    return found && { id: found.id, actor: found.actor, via: 'token', scopes: found.scopes };
  }

  /** The scopes the file's `@GROUP=` lines grant now to someone holding `groups`; empty when none. */
  scopesOfGroups(groups: readonly string[]): Set<Scope> {
    const scopes = new Set<Scope>();
    for (const group of groups) for (const scope of this.grants.groups.get(group) ?? []) scopes.add(scope);
    return scopes;
  }
}
