import { gunzipSync, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { cookie, type Sessions, type SignedIn } from '@companion/auth';
import { escapeHtml } from '@companion/html';
import { CONSOLE, consolePage, csrfField } from './layout';

/** A form sent after the session ended: where it went, what it held (the CSRF value left out) and whose it is. */
export interface KeptForm {
  action: string;
  fields: Record<string, string>;
  /** The person whose session made the form (Sessions.subjectTag): it is offered to them alone. */
  who: string;
  /** The scope the form's page needs; checked again before it is offered. */
  scope?: string;
}

const KEPT = 'console-kept';
/** How long a form is kept, and how long after its session ended a form is still taken to keep. */
export const KEPT_TTL_MS = 2 * 60 * 60_000;
/** Each cookie holds one sealed part (a browser keeps about 4 KB a cookie); a 16 KiB form gzipped needs two or three. */
const PART_CHARS = 2400;
const MOST_PARTS = 8;

/**
 * Keeps a form the person sent while signed out, across the sign-in (a token typed here, or the
 * identity provider's round trip): gzipped, sealed like the session, in a few short-lived
 * cookies. Nothing is kept on the server, so any replica gives it back. Only a form carrying its
 * person's own CSRF value is kept (the caller checks, Sessions.formOwner), and it names them.
 */
export async function keepForm(sessions: Sessions, req: Request, res: Response, form: KeptForm): Promise<boolean> {
  const packed = gzipSync(JSON.stringify(form)).toString('base64url');
  const parts = Math.ceil(packed.length / PART_CHARS);
  if (parts > MOST_PARTS) return false;
  const exp = Date.now() + KEPT_TTL_MS;
  for (let i = 0; i < parts; i++) await sessions.set(req, res, `${KEPT}-${i}`, { exp, of: parts, who: form.who, part: packed.slice(i * PART_CHARS, (i + 1) * PART_CHARS) }, KEPT_TTL_MS);
  return true;
}

type KeptPart = { exp: number; of: number; who: string; part: string };

/** Drops the kept form's cookies (every part a form may have, whatever the first says). */
function dropKeptForm(sessions: Sessions, req: Request, res: Response): void {
  for (let i = 0; i < MOST_PARTS; i++) if (cookie(req, sessions.cookieName(req, `${KEPT}-${i}`)) !== undefined) sessions.clear(req, res, `${KEPT}-${i}`);
}

/**
 * At a sign-in: a form kept in this browser by someone else is deleted unseen (a shared
 * browser: what one person typed is never shown to the next).
 */
export async function dropOthersKeptForm(sessions: Sessions, req: Request, res: Response, who: string): Promise<void> {
  if (!hasKeptForm(sessions, req)) return;
  const first = await sessions.get<KeptPart>(req, `${KEPT}-0`);
  if (first?.who !== who) dropKeptForm(sessions, req, res);
}

/** The kept form, once (its cookies are cleared), when it is `who`'s; otherwise null (and it is gone). */
export async function takeKeptForm(sessions: Sessions, req: Request, res: Response, who: string): Promise<KeptForm | null> {
  const first = await sessions.get<KeptPart>(req, `${KEPT}-0`);
  dropKeptForm(sessions, req, res);
  if (!first || first.of > MOST_PARTS || first.who !== who) return null;
  const parts = [first.part];
  for (let i = 1; i < first.of; i++) parts.push((await sessions.get<KeptPart>(req, `${KEPT}-${i}`))?.part ?? '');
  try {
    const form = JSON.parse(gunzipSync(Buffer.from(parts.join(''), 'base64url')).toString('utf8')) as KeptForm;
    return typeof form.action === 'string' && form.action.startsWith(`${CONSOLE}/`) && typeof form.fields === 'object' && form.who === who ? form : null;
  } catch {
    return null;
  }
}

/** Whether a kept form waits in this browser. */
export const hasKeptForm = (sessions: Sessions, req: Request): boolean => cookie(req, sessions.cookieName(req, `${KEPT}-0`)) !== undefined;

const segment = (action: string, at: number): string => decodeURIComponent(action.split('/')[at] ?? '');

/**
 * What a kept form changes, in words (plain text): the entry, the feedback or the release its
 * action names; `erasing`: for an erasure, the ids of the feedback that holds the address now.
 */
export function keptFormTarget(form: KeptForm, erasing: number[] = []): string {
  const [, , area, item, step] = form.action.split('/');
  const ids = (list: number[]) => (list.length === 0 ? 'no feedback holds it now' : `feedback ${list.map((id) => `#${id}`).join(', ')} hold${list.length === 1 ? 's' : ''} it now`);
  if (area === 'errors' && item === 'new') return `A new catalogue entry, ${form.fields.Flag ?? 'without a Flag'}.`;
  if (area === 'errors' && item) return `The catalogue entry ${segment(form.action, 3)}${step === 'restore' ? ': restoring an earlier version' : ''}.`;
  if (area === 'feedback' && item === 'erasure') return `An erasure of ${form.fields.contact ?? 'an address'} from every copy the service keeps (${ids(erasing)}).`;
  if (area === 'feedback' && item && /^\d+$/.test(item)) return `Feedback #${item}: its status and note.`;
  if (area === 'releases' && item === 'restore') return `The restore of the service's data${form.fields.event ? ` (${form.fields.event})` : ''}: confirming it and letting the held rollouts go on.`;
  if (area === 'releases' && item) return `Release ${segment(form.action, 3)}: ${step === 'halt' ? 'halting its rollout' : step === 'resume' ? 'resuming its rollout' : step === 'share' ? 'its share of installs' : step ?? 'its settings'}.`;
  return `The form at ${form.action}.`;
}

const FIELD_NAMES: Record<string, string> = { Info: 'What the error means', Solution: 'Steps', messages: 'What the client prints', notes: 'Notes', reason: 'Reason', status: 'Status', note: 'Note', contact: 'E-mail address', category: 'Category', severity: 'Severity', creator: 'Creator', Flag: 'Flag', rollout: 'Share of installs (%)' };

/**
 * The page after signing in again: the kept form, shown field by field, to send as it was (with
 * this session's CSRF value; the version it was made on goes with it, so a change meanwhile is
 * merged or asked about as on any save).
 */
export function resumePage(person: SignedIn, form: KeptForm, target: string): string {
  const hidden = Object.entries(form.fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const shown = Object.entries(form.fields)
    .filter(([name, value]) => FIELD_NAMES[name] && value.trim() !== '')
    .map(([name, value]) => `<dt>${escapeHtml(FIELD_NAMES[name]!)}</dt><dd><pre>${escapeHtml(value)}</pre></dd>`)
    .join('');
  return consolePage(
    'Not saved yet',
    `<h1>Not saved yet</h1>
<p class="lead" role="status">You were signed in again. What you sent when your session ended is kept here; nothing of it was saved yet.</p>
<p class="kept-target"><strong>It changes:</strong> ${escapeHtml(target)}</p>
<dl class="kept">${shown}</dl>
<form method="post" action="${escapeHtml(form.action)}">${csrfField(person.session.csrf)}${hidden}
<div class="actions"><button type="submit">Send it now</button> <a href="${CONSOLE}">Drop it</a></div></form>`,
    person,
  );
}
