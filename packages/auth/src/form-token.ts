import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A session's CSRF value, which every console form carries: the session's expiry, a keyed digest
 * of the person it stands for and one of its id, under a MAC keyed by the session secret. While
 * the session lives, a form must carry exactly its value. Once it has ended (the browser dropped
 * the cookie), the value still proves, without any cookie, that a page of that person's session
 * made the form: a form sent then is kept for them alone (the console's kept forms), while another
 * site's post, which cannot know the value, keeps nothing.
 */
const mac = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('base64url');

/** Who a session stands for (a SessionSubject). */
type Subject = { kind: 'token'; hash: string } | { kind: 'oidc'; iss: string; sub: string };

/** Who a session stands for, as a stable key: a named token's hash, or the provider's issuer and subject (never a display name). */
const subjectKey = (who: Subject): string => (who.kind === 'token' ? `token:${who.hash}` : `sso:${who.iss} ${who.sub}`);

/** A keyed digest of the person a session stands for: equal for every session of that person, unguessable without the secret. */
export const subjectTag = (secret: string, who: Subject): string => mac(secret, `console-subject\u0000${subjectKey(who)}`).slice(0, 22);

/** The CSRF value of the session `sid`, ending at `exp`, of `who`. */
export function formToken(secret: string, session: { sid: string; exp: number; who: Subject }): string {
  const payload = `${session.exp.toString(36)}.${subjectTag(secret, session.who)}.${mac(secret, `console-sid\u0000${session.sid}`).slice(0, 16)}`;
  return `${payload}.${mac(secret, `console-form\u0000${payload}`)}`;
}

/**
 * The person (subjectTag) whose session made a form carrying `token`, when its MAC holds and its
 * session ended less than `graceMs` ago or lives still; null for anything else.
 */
export function formTokenOwner(secret: string, token: unknown, now: number, graceMs: number): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const at = token.lastIndexOf('.');
  const [payload, sent] = [token.slice(0, at), Buffer.from(token.slice(at + 1))];
  const expected = Buffer.from(mac(secret, `console-form\u0000${payload}`));
  if (at < 0 || sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  const [exp, who] = payload.split('.');
  const ends = parseInt(exp!, 36);
  return Number.isFinite(ends) && now < ends + graceMs && who ? who : null;
}
