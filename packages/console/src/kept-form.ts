import { gunzipSync, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { cookie, type Sessions, type SignedIn } from '@companion/auth';
import { escapeHtml } from '@companion/html';
import { CONSOLE, consolePage, csrfField } from './layout';

/** A form sent after the session ended: where it went and what it held (the CSRF value left out). */
export interface KeptForm {
  action: string;
  fields: Record<string, string>;
}

const KEPT = 'console-kept';
const KEPT_TTL_MS = 2 * 60 * 60_000;
/** Each cookie holds one sealed part (a browser keeps about 4 KB a cookie); a 16 KiB form gzipped needs two or three. */
const PART_CHARS = 2400;
const MOST_PARTS = 8;

/**
 * Keeps a form the person sent while signed out, across the sign-in (a token typed here, or the
 * identity provider's round trip): gzipped, sealed like the session, in a few short-lived
 * cookies. Nothing is kept on the server, so any replica gives it back.
 */
export async function keepForm(sessions: Sessions, req: Request, res: Response, form: KeptForm): Promise<boolean> {
  const packed = gzipSync(JSON.stringify(form)).toString('base64url');
  const parts = Math.ceil(packed.length / PART_CHARS);
  if (parts > MOST_PARTS) return false;
  const exp = Date.now() + KEPT_TTL_MS;
  for (let i = 0; i < parts; i++) await sessions.set(req, res, `${KEPT}-${i}`, { exp, of: parts, part: packed.slice(i * PART_CHARS, (i + 1) * PART_CHARS) }, KEPT_TTL_MS);
  return true;
}

/** The kept form, once (its cookies are cleared), or null. */
export async function takeKeptForm(sessions: Sessions, req: Request, res: Response): Promise<KeptForm | null> {
  const first = await sessions.get<{ exp: number; of: number; part: string }>(req, `${KEPT}-0`);
  if (!first || first.of > MOST_PARTS) return null;
  const parts = [first.part];
  for (let i = 1; i < first.of; i++) parts.push((await sessions.get<{ exp: number; part: string }>(req, `${KEPT}-${i}`))?.part ?? '');
  for (let i = 0; i < first.of; i++) sessions.clear(req, res, `${KEPT}-${i}`);
  try {
    const form = JSON.parse(gunzipSync(Buffer.from(parts.join(''), 'base64url')).toString('utf8')) as KeptForm;
    return typeof form.action === 'string' && form.action.startsWith(`${CONSOLE}/`) && typeof form.fields === 'object' ? form : null;
  } catch {
    return null;
  }
}

/** Whether a kept form waits in this browser. */
export const hasKeptForm = (req: Request): boolean => cookie(req, `${KEPT}-0`) !== undefined;

const FIELD_NAMES: Record<string, string> = { Info: 'What the error means', Solution: 'Steps', messages: 'What the client prints', notes: 'Notes', reason: 'Reason', status: 'Status', note: 'Note', contact: 'E-mail address', category: 'Category', severity: 'Severity', creator: 'Creator', Flag: 'Flag', rollout: 'Share of installs (%)' };

/**
 * The page after signing in again: the kept form, shown field by field, to send as it was (with
 * this session's CSRF value; the version it was made on goes with it, so a change meanwhile is
 * merged or asked about as on any save).
 */
export function resumePage(person: SignedIn, form: KeptForm): string {
  const hidden = Object.entries(form.fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const shown = Object.entries(form.fields)
    .filter(([name, value]) => FIELD_NAMES[name] && value.trim() !== '')
    .map(([name, value]) => `<dt>${escapeHtml(FIELD_NAMES[name]!)}</dt><dd><pre>${escapeHtml(value)}</pre></dd>`)
    .join('');
  return consolePage(
    'Not saved yet',
    `<h1>Not saved yet</h1>
<p class="lead" role="status">You were signed in again. What you sent when your session ended is kept here; nothing of it was saved yet.</p>
<dl class="kept">${shown}</dl>
<form method="post" action="${escapeHtml(form.action)}">${csrfField(person.session.csrf)}${hidden}
<div class="actions"><button type="submit">Send it now</button> <a href="${CONSOLE}">Drop it</a></div></form>`,
    person,
  );
}
