import type { SignedIn } from '@companion/auth';
import { html, markup, type Html } from '@companion/html';
import type { ConsoleRestore } from './deps';
import { csrfField } from './layout';
import { RELEASES, when } from './release-sections';

export const CONFIRM_RESTORE = `${RELEASES}/restore/confirm`;

/**
 * A restore of the data waiting for a person: what it changed, what to check, and (for those who
 * may) the form that confirms it and lets the held rollouts go on. Once confirmed, one line says
 * who confirmed it and why; nothing when the data was never restored.
 */
export function restoreSection(restore: ConsoleRestore | null | undefined, person: SignedIn): Html | null {
  const event = restore?.restore();
  if (!restore || !event) return null;
  if (!restore.unconfirmed()) {
    return html`<p class="restore-confirmed">The data was restored from a backup (noticed ${when(event.detected_at)}; ${wentBack(event.restored_to)}). Confirmed by ${event.confirmed_by ?? 'someone'}${event.confirmed_at ? ` on ${when(event.confirmed_at)}` : ''}: “${event.confirm_reason ?? ''}”.</p>`;
  }
  const confirm = person.scopes.has('releases:write')
    ? html`<form method="post" action="${CONFIRM_RESTORE}">${markup(csrfField(person.session.csrf))}<input type="hidden" name="event" value="${event.id}">
<div class="field"><label for="restore-reason">What was checked</label><input id="restore-reason" name="reason" maxlength="500" required></div>
<div class="actions"><button type="submit">Confirm the restore and let the held rollouts go on</button></div></form>`
    : html`<p>Confirming it needs the releases:write scope.</p>`;
  return html`<section class="halt" id="restore" aria-labelledby="restore-heading">
<h2 id="restore-heading">The data was restored from a backup</h2>
<p role="alert">Noticed ${when(event.detected_at)} by ${event.detected_by}: ${event.restored_to === null ? 'the data could not be placed in the history this replica saw (it held no lineage or another one, or the replica had no witness to compare it with), so how far back it went is unknown' : html`the data stands where it stood on ${when(event.restored_to)} or earlier`}. Halts recorded since were re-applied; every guarded staged rollout is held (offered to no install not already on it) until someone confirms here. Before confirming, check the halts and shares below against what was decided since the backup, and repeat what the restore undid (a resume, an erasure).</p>
${confirm}</section>`;
}

const wentBack = (restoredTo: string | null) => (restoredTo === null ? 'how far back it went is unknown' : html`it went back to ${when(restoredTo)}`);
