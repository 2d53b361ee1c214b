import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { cookie, hashToken, type OidcLogin, OidcSignIn, sameSecret, type Scope, Sessions, type SessionState, type SignedIn } from '@companion/auth';
import { feedbackHoldsAddress } from '@companion/feedback-store';
import type { ConsoleDeps } from './deps';
import { publicBase, sendTagged, type TrustProxy, usePagePolicy } from '@companion/http-kit';
import { CONSOLE } from './layout';
import { dropOthersKeptForm, hasKeptForm, KEPT_TTL_MS, keepForm, keptFormTarget, resumePage, takeKeptForm } from './kept-form';
import { homePage, refusalPage, signInPage, type SignedOutReason } from './sign-in-pages';

const HTML = 'text/html; charset=utf-8';
const SIGN_IN_CSRF = 'console-sign-in';
const OIDC_LOGIN = 'console-oidc-login';
/**
 * The ID token of a single sign-on, kept beside the session for the sign-out's `id_token_hint`:
 * whole (the provider checks its signature), in as many sealed parts as it needs, since a token
 * with a large groups claim outgrows the ~4 KB a browser keeps in one cookie.
 */
const OIDC_ID_TOKEN = 'console-oidc-id';
const ID_TOKEN_PART_CHARS = 2400;
const ID_TOKEN_MOST_PARTS = 8;
type IdTokenPart = { exp: number; of: number; part: string };
const FORM_TTL_MS = 60 * 60_000;

/** Console forms: small, flat, URL-encoded. */
export const consoleForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

/**
 * A console path to go on to after signing in; anything else (another site, `//host`, a backslash,
 * a control character such as CR or LF, anything a Location header cannot carry) is the console's home.
 */
export function safeNext(value: unknown, fallback = CONSOLE): string {
  return typeof value === 'string' && /^\/console(\/[\x21-\x5b\x5d-\x7e]*)?$/.test(value) ? value : fallback;
}

export function page(req: Request, res: Response, body: string, status = 200): void {
  // What the redirect before this page came to say ("Saved"), first in the main part.
  if (res.locals.flash) body = body.replace('<main id="main" tabindex="-1">\n', `<main id="main" tabindex="-1">\n${res.locals.flash as string}\n`);
  if (status === 200 && req.method === 'GET') sendTagged(req, res, HTML, body);
  else res.status(status).type(HTML).send(body);
}

const seeOther = (res: Response, location: string) => res.status(303).setHeader('Location', location).end();

/** Why a request that needs a session has none: it was signed out, or revoked (the cookie is sound but names no one with access now), or it ended. */
async function whyOut(sessions: Sessions, req: Request): Promise<SignedOutReason | null> {
  if (cookie(req, sessions.cookieName(req)) !== undefined) {
    const state = await sessions.get<SessionState>(req, sessions.cookieName(req));
    return state ? (sessions.predatesRestore(state) ? 'restored' : (await sessions.signedOutOf(state)) ? 'signed-out' : 'revoked') : 'expired';
  }
  // The browser drops an expired cookie itself: a form of a console page sent without one outlived its session.
  return req.method === 'POST' && sessions.formOwner((req.body as Record<string, unknown> | undefined)?.csrf, KEPT_TTL_MS) ? 'expired' : null;
}

/**
 * The signed-in person, or a redirect to the sign-in page (null then), carrying the whole link
 * (query included) and why. A form sent meanwhile is kept and offered again after signing in,
 * to the same person alone, when it carries their own CSRF value (a page of theirs made it);
 * any other post (another site's) keeps nothing, and the sign-in page says so. `scope`: what
 * the form's page needs, checked again before it is offered.
 */
export async function signedInOr303(sessions: Sessions, req: Request, res: Response, scope?: Scope): Promise<SignedIn | null> {
  const person = await sessions.read(req);
  if (!person) {
    const why = await whyOut(sessions, req);
    // A cookie that no longer stands for anyone (expired, revoked) is dropped.
    if (cookie(req, sessions.cookieName(req)) !== undefined) sessions.end(req, res);
    let next = safeNext(req.originalUrl);
    const body = req.body as Record<string, unknown> | undefined;
    // Why a form sent was not kept: not from a page of theirs (`no`), or too large for its cookies.
    let notKept: 'no' | 'too-large' | null = null;
    if (req.method === 'POST' && body && typeof body === 'object') {
      const fields = Object.fromEntries(Object.entries(body).filter(([name, value]) => name !== 'csrf' && typeof value === 'string')) as Record<string, string>;
      const who = sessions.formOwner(body.csrf, KEPT_TTL_MS);
      notKept = who === null ? 'no' : (await keepForm(sessions, req, res, { action: req.originalUrl.split('?')[0]!, fields, who, ...(scope && { scope }) })) ? null : 'too-large';
      // Not a page of theirs: no way on leads to what it asked for.
      if (notKept === null) next = `${CONSOLE}/resume`;
      else if (notKept === 'no') next = CONSOLE;
    }
    seeOther(res, `${CONSOLE}/sign-in?next=${encodeURIComponent(next)}${why ? `&why=${why}` : ''}${notKept ? `&kept=${notKept}` : ''}`);
  }
  return person;
}

/** True when a form's `csrf` is the session's; otherwise a 403 page has been sent. */
export function checkCsrf(req: Request, res: Response, expected: string | undefined, person: SignedIn | null): boolean {
  const sent = (req.body as Record<string, unknown> | undefined)?.csrf;
  if (expected !== undefined && typeof sent === 'string' && sameSecret(sent, expected)) return true;
  page(req, res, refusalPage('Form refused', 'This form did not come from this console page (or the page was open too long). Open the page again and repeat.', person), 403);
  return false;
}

/**
 * The console's sign-in: a named token typed into a form, or single sign-on through OpenID
 * Connect; either becomes a sealed session cookie (see Sessions). Every console answer is
 * `Cache-Control: private, no-store` and carries the page policy.
 */
export function signInRoutes(deps: ConsoleDeps, trust: TrustProxy): { router: Router; sessions: Sessions | null } {
  const router = express.Router();
  const settings = deps.signIn ?? null;
  const oidc = settings?.oidc && new OidcSignIn(settings.oidc);
  // The provider's end-session origin, learnt from its discovery document without holding up a
  // page (a provider out of reach never slows the console); known once anyone signed in through it.
  let endSession: string | null = null;
  let learning: Promise<void> | null = null;
  const learnEndSession = () => {
    learning ??= oidc ? oidc.endSessionOrigin().then((origin) => void (endSession = origin)).finally(() => (learning = null)) : null;
  };
  router.use((req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    usePagePolicy(req, res);
    // Every page's sign-out form may be sent on to the provider's end-session endpoint: that origin, and no other.
    if (endSession === null) learnEndSession();
    const policy = res.getHeader('Content-Security-Policy');
    if (endSession && typeof policy === 'string') res.setHeader('Content-Security-Policy', policy.replace("form-action 'self'", `form-action 'self' ${endSession}`));
    next();
  });
  if (!settings) {
    router.get(['/', '/sign-in', '/errors', '/feedback', '/releases'], (req, res) => page(req, res, refusalPage('Console not set up', 'Signing in needs SESSION_SECRET (and, for single sign-on, the OIDC_ settings): see the README.', null), 503));
    return { router, sessions: null };
  }
  const sessions = new Sessions(settings, deps.auth, trust, deps.signedOut, undefined, () => deps.restore?.sessionsValidFrom() ?? null);
  const base = publicBase(deps.publicUrl);
  const redirectUri = (req: Request) => settings.oidc?.redirectUri ?? `${base.url(req)}${CONSOLE}/oidc/callback`;
  const provider = settings.oidc?.label ?? null;
  /** The ID token kept at the sign-in, joined from its parts; undefined when any part is missing. */
  const idTokenOf = async (req: Request): Promise<string | undefined> => {
    const first = await sessions.get<IdTokenPart>(req, `${OIDC_ID_TOKEN}-0`);
    if (!first || first.of > ID_TOKEN_MOST_PARTS) return undefined;
    const parts = [first.part];
    for (let i = 1; i < first.of; i++) {
      const part = await sessions.get<IdTokenPart>(req, `${OIDC_ID_TOKEN}-${i}`);
      if (!part) return undefined;
      parts.push(part.part);
    }
    return parts.join('');
  };

  const showSignIn = async (req: Request, res: Response, next: string, error?: string, why?: SignedOutReason, notKept?: 'none' | 'too-large') => {
    const csrf = randomBytes(24).toString('base64url');
    await sessions.set(req, res, SIGN_IN_CSRF, { csrf, exp: Date.now() + FORM_TTL_MS }, FORM_TTL_MS);
    const kept = notKept ?? (next === `${CONSOLE}/resume` && hasKeptForm(sessions, req));
    page(req, res, signInPage({ csrf, next, provider, ...(error && { error }), ...(why && { why }), kept, hours: settings.ttlMs / 3_600_000 }), error ? 401 : 200);
  };

  router.get('/sign-in', async (req, res) => {
    const why = req.query.why === 'revoked' || req.query.why === 'expired' || req.query.why === 'restored' || req.query.why === 'signed-out' ? req.query.why : undefined;
    await showSignIn(req, res, safeNext(req.query.next), undefined, why, req.query.kept === 'no' ? 'none' : req.query.kept === 'too-large' ? 'too-large' : undefined);
  });

  router.post('/sign-in', consoleForm, deps.limiters.signInFailures(), async (req, res) => {
    const form = req.body as Record<string, unknown>;
    const issued = await sessions.get<{ csrf: string; exp: number }>(req, SIGN_IN_CSRF);
    if (!checkCsrf(req, res, issued?.csrf, null)) return;
    const token = typeof form.token === 'string' ? form.token.trim() : '';
    const next = safeNext(form.next);
    if (!deps.auth.verify(token)) return showSignIn(req, res, next, 'That token is not valid: it is mistyped, or it was revoked.');
    sessions.clear(req, res, SIGN_IN_CSRF);
    const who = { kind: 'token' as const, hash: hashToken(token).toString('hex') };
    await sessions.start(req, res, who);
    await dropOthersKeptForm(sessions, req, res, sessions.subjectTag(who));
    seeOther(res, next);
  });

  router.get('/oidc/start', async (req, res) => {
    if (!oidc) return page(req, res, refusalPage('No single sign-on', 'This console signs in with named tokens only.', null), 404);
    const { url, login } = await oidc.start(redirectUri(req), safeNext(req.query.next), Date.now());
    await sessions.set(req, res, OIDC_LOGIN, login, login.exp - Date.now());
    seeOther(res, url.href);
  });

  router.get('/oidc/callback', async (req, res) => {
    const login = await sessions.get<OidcLogin>(req, OIDC_LOGIN);
    if (!oidc || !login) return page(req, res, refusalPage('Sign-in expired', 'The sign-in took too long or was started elsewhere. Start again.', null), 400);
    sessions.clear(req, res, OIDC_LOGIN);
    const callback = new URL(redirectUri(req));
    callback.search = new URL(req.originalUrl, 'http://callback').search;
    let person, idToken;
    try {
      ({ idToken, ...person } = await oidc.finish(callback, login, Date.now()));
    } catch (error) {
      deps.logger.warn({ err: error }, 'single sign-on failed');
      return page(req, res, refusalPage('Sign-in failed', `The identity provider's answer was not accepted: ${(error as Error).message}`, null), 401);
    }
    if (deps.auth.scopesOfGroups(person.groups).size === 0) {
      return page(req, res, refusalPage('No access', `${person.name}, your account holds no group the console grants anything to. Ask an administrator to add one.`, null), 403);
    }
    // Only the groups the console grants something to: the session cookie stays small whatever the directory holds.
    const who = { kind: 'oidc' as const, ...person, groups: person.groups.filter((group: string) => deps.auth.scopesOfGroups([group]).size > 0) };
    const session = await sessions.start(req, res, who);
    const parts = Math.ceil(idToken.length / ID_TOKEN_PART_CHARS);
    // A token too long even for its parts is not kept: the sign-out then goes without the hint, as the provider allows.
    if (parts <= ID_TOKEN_MOST_PARTS) {
      for (let i = 0; i < parts; i++) await sessions.set<IdTokenPart>(req, res, `${OIDC_ID_TOKEN}-${i}`, { exp: session.exp, of: parts, part: idToken.slice(i * ID_TOKEN_PART_CHARS, (i + 1) * ID_TOKEN_PART_CHARS) }, settings.ttlMs);
    }
    await dropOthersKeptForm(sessions, req, res, sessions.subjectTag(who));
    seeOther(res, login.next);
  });

  router.post('/sign-out', consoleForm, async (req, res) => {
    const person = await sessions.read(req);
    if (person && !checkCsrf(req, res, person.session.csrf, person)) return;
    if (person) await sessions.signOut(req, res, person.session);
    else sessions.end(req, res);
    const hint = await idTokenOf(req);
    for (let i = 0; i < ID_TOKEN_MOST_PARTS; i++) if (cookie(req, sessions.cookieName(req, `${OIDC_ID_TOKEN}-${i}`)) !== undefined) sessions.clear(req, res, `${OIDC_ID_TOKEN}-${i}`);
    // Signed in through the provider: its session ends too, where it offers RP-initiated logout.
    const ended = person?.session.who.kind === 'oidc' && oidc ? await oidc.endSessionUrl(`${base.url(req)}${CONSOLE}/sign-in`, hint) : null;
    seeOther(res, ended?.href ?? `${CONSOLE}/sign-in`);
  });

  router.get('/', async (req, res) => {
    const person = await signedInOr303(sessions, req, res);
    if (person) page(req, res, homePage(person));
  });

  router.get('/resume', async (req, res) => {
    const person = await signedInOr303(sessions, req, res);
    if (!person) return;
    const form = await takeKeptForm(sessions, req, res, sessions.subjectTag(person.session.who));
    if (!form) return seeOther(res, CONSOLE);
    // Offered only while the person still holds what the form needs (sending it checks again).
    if (form.scope && !person.scopes.has(form.scope as Scope)) {
      return page(req, res, refusalPage('Not allowed', `What you sent needs the ${form.scope} scope, which ${person.actor} no longer holds: it was dropped, and nothing was changed.`, person), 403);
    }
    let erasing: number[] = [];
    if (form.action === `${CONSOLE}/feedback/erasure` && form.fields.contact) {
      for await (const record of deps.feedback.scan({})) if (feedbackHoldsAddress(record, form.fields.contact!)) erasing.push(record.id);
      erasing = erasing.reverse();
    }
    page(req, res, resumePage(person, form, keptFormTarget(form, erasing)));
  });

  return { router, sessions };
}
