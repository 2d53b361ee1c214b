import type { SignedIn } from '@companion/auth';
import { html, markup, type Html } from '@companion/html';
import type { ConsoleRestore } from './deps';
import { csrfField } from './layout';
import { RELEASES, when } from './release-sections';

export const CONFIRM_RESTORE = `${RELEASES}/restore/confirm`;

/**
 * A restore of the data waiting for a person: what it changed, what to check, and (for those who
 * may) the form that confirms it and lets the held rollouts go on. Nothing once it is confirmed.
 */
export function restoreSection(restore: ConsoleRestore | null | undefined, person: SignedIn): Html | null {
  const event = restore?.restore();
  if (!restore?.unconfirmed() || !event) return null;
  const confirm = person.scopes.has('releases:write')
    ? html`<form method="post" action="${CONFIRM_RESTORE}">${markup(csrfField(person.session.csrf))}
<div class="field"><label for="restore-reason">What was checked</label><input id="restore-reason" name="reason" maxlength="500" required></div>
<div class="actions"><button type="submit">Confirm the restore and let the held rollouts go on</button></div></form>`
    : html`<p>Confirming it needs the releases:write scope.</p>`;
  return html`<section class="halt" id="restore" aria-labelledby="restore-heading">
<h2 id="restore-heading">The data was restored from a backup</h2>
<p role="alert">Noticed ${when(event.detected_at)} by ${event.detected_by}: the data stands where it stood on ${when(event.restored_to)} or earlier. Halts recorded since were re-applied; every guarded staged rollout is held (offered to no install not already on it) until someone confirms here. Before confirming, check the halts and shares below against what was decided since the backup, and repeat what the restore undid (a resume, an erasure).</p>
${confirm}</section>`;
}
