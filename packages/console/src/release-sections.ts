import type { RolloutHalt } from '@companion/rollout-store';
import type { SignedIn } from '@companion/auth';
import { NOT_JUDGED_YET } from '@companion/release-guard';
import { html, markup, type Html } from '@companion/html';
import { CONSOLE, csrfField } from './layout';
import { rolloutHistory, shareTag, whoOf, type RolloutView } from './release-rollouts';

export const RELEASES = `${CONSOLE}/releases`;
export const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const path = (version: string, action: 'resume' | 'halt' | 'share') => `${RELEASES}/${encodeURIComponent(version)}/${action}`;
const csrf = (person: SignedIn) => markup(csrfField(person.session.csrf));

/** What a refused form shows again: the values sent and what was wrong with them. */
export interface FormState {
  rollout?: string;
  reason?: string;
  /** Field -> problem. */
  problems?: Partial<Record<'rollout' | 'reason', string>>;
  /** The tag the form is sent with (a form shown again after a conflict carries the new one). */
  seen?: string;
}

/** A text field with its label, its problem (linked for screen readers) and the value sent. */
function field(id: string, name: 'rollout' | 'reason', label: string, value: string, problem: string | undefined, attributes: Html): Html {
  return html`<div class="field${problem ? ' invalid' : ''}"><label for="${id}">${label}</label><input id="${id}" name="${name}" value="${value}"${attributes}${problem ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${problem && html`<p class="field-error" id="${id}-error">${problem}</p>`}</div>`;
}

/** The form that changes a rollout's share: it carries what it was made on (`seen`), so a change meanwhile is not overwritten unseen. */
export function shareForm(view: RolloutView, person: SignedIn, state: FormState = {}): Html {
  const v = view.release.version;
  return html`<form method="post" action="${path(v, 'share')}" class="share-form" novalidate>${csrf(person)}<input type="hidden" name="seen" value="${state.seen ?? shareTag(view)}">
${field(`share-${v}`, 'rollout', 'Share of installs offered it (percent, 0 to 100)', state.rollout ?? String(view.served), state.problems?.rollout, markup(' type="number" min="0" max="100" step="1" inputmode="numeric" required'))}
${field(`share-reason-${v}`, 'reason', 'Why', state.reason ?? '', state.problems?.reason, markup(' maxlength="500" required'))}
<div class="actions"><button type="submit">Change the share of ${v}</button></div></form>`;
}

/** The form that halts a rollout, as its guard would. */
export function haltForm(view: RolloutView, person: SignedIn, state: FormState = {}): Html {
  const v = view.release.version;
  return html`<form method="post" action="${path(v, 'halt')}" class="halt-form" novalidate>${csrf(person)}
${field(`halt-reason-${v}`, 'reason', 'Why it must stop', state.reason ?? '', state.problems?.reason, markup(' maxlength="500" required'))}
<div class="actions"><button type="submit">Halt the rollout of ${v}</button></div></form>`;
}

/** One halt in force: who halted it and why (the guard's figures), and (for those who may) the form that resumes the rollout. */
export function haltSection(halt: RolloutHalt, person: SignedIn): Html {
  const v = halt.version;
  const resume = person.scopes.has('releases:write')
    ? html`<form method="post" action="${path(v, 'resume')}">${csrf(person)}
<div class="field"><label for="reason-${v}">Why it may go on</label><input id="reason-${v}" name="reason" maxlength="500" required></div>
<div class="actions"><button type="submit">Resume the rollout of ${v}</button></div></form>`
    : html`<p>Resuming it needs the releases:write scope.</p>`;
  const offered = html`No install not already on ${v} is offered it; installs on it keep it.`;
  const f = halt.figures;
  const body = f
    ? html`<p>Halted ${when(halt.halted_at)} by the guard in its release file. ${offered}${halt.notified_at ? html` Mailed to ${halt.notify.join(', ')}.` : ' Not mailed yet (tried again at the next judgement).'}</p>
<div class="table-scroll" tabindex="0" role="region" aria-label="The guard's figures for ${v}"><table><caption>Bug votes, what the guard judges, from ${f.from} to ${f.to}</caption>
<thead><tr><th scope="col">Release</th><th scope="col">Bug votes</th><th scope="col">Install-days</th><th scope="col">Bug votes per 1,000 install-days</th></tr></thead>
<tbody><tr><th scope="row">${v}</th><td>${f.bug_reports}</td><td>${f.install_days}</td><td>${f.bug_per_1000}</td></tr>
<tr><th scope="row">${f.previous.version} (previous)</th><td>${f.previous.bug_reports}</td><td>${f.previous.install_days}</td><td>${f.previous.bug_per_1000}</td></tr></tbody></table></div>
<p class="definition">A bug vote is a bug report from an install the service issued credentials to, at most one per install and one per network a day; the rate is votes × 1,000 ÷ the installs active on the release summed over these days. It differs from the health chart's feedback reports per 1,000 install-days, which count every report over the chart's days.</p>
<p>The guard halts above ${f.factor} × the previous release's rate, once ${f.min_active_installs} installs are active on the release on one day (most seen: ${f.active_installs}).</p>`
    : html`<p>Halted ${when(halt.halted_at)} by ${whoOf(halt.halted_by)}: “${halt.reason ?? ''}”. ${offered}</p>`;
  return html`<section class="halt" id="halt-${v}" aria-labelledby="halt-${v}-heading">
<h2 id="halt-${v}-heading">${v} (${halt.channel}): halted on ${halt.day}</h2>
${body}
${resume}</section>`;
}

const percent = (rollout: number | null) => (rollout === null ? 'no rollout' : `${rollout}%`);

/** Where the share of a release comes from, in a sentence. */
function shareSentence(view: RolloutView): Html {
  const { share, fileRollout } = view;
  const fromFile = fileRollout === null ? html`Offered to every install: its release file sets no rollout.` : html`Offered to <strong>${fileRollout}%</strong> of installs, as its release file says.`;
  const now = view.shareInForce
    ? html`Offered to <strong>${share!.rollout}%</strong> of installs: set in the console by ${whoOf(share!.set_by)} on ${when(share!.set_at)}; the release file says ${percent(fileRollout)}.`
    : fromFile;
  const superseded =
    share && !view.shareInForce
      ? share.superseded_at !== null
        ? html` The console's ${share.rollout}% was superseded on ${when(share.superseded_at)}: a deploy changed the file's rollout from ${percent(share.file_rollout)} to ${percent(share.superseded_by_rollout)}.`
        : html` The console's ${share.rollout}% was set when the release file said ${percent(share.file_rollout)}: it applies while the file says so.`
      : null;
  const halted = view.halt ? html` <strong>Halted</strong>: offered to no install not already on it until it is resumed.` : null;
  const critical = view.release.critical ? html` It is critical: offered to every install, whatever its share.` : null;
  return html`<p class="share">${now}${superseded}${halted}${critical}</p>`;
}

function guardSentence(view: RolloutView): Html | null {
  const guard = view.guard;
  if (!guard) return null;
  if (guard.status === 'halted') return html`<p class="guard">The guard judges again once the rollout is resumed.</p>`;
  if (guard.status === 'unjudged') return html`<p class="guard">The guard will not judge: ${guard.reason ?? ''}</p>`;
  return html`<p class="guard">The guard is watching${guard.reason === NOT_JUDGED_YET ? '; it has not judged yet (it does every ROLLOUT_GUARD_INTERVAL_S seconds)' : ''}.</p>`;
}

/** Every halt, resume and share change of the release, newest first. */
export function historyTable(view: RolloutView, halts: readonly RolloutHalt[], shares: Parameters<typeof rolloutHistory>[2]): Html {
  const v = view.release.version;
  const events = rolloutHistory(v, halts, shares);
  if (events.length === 0) return html`<p>No halt, resume or share change yet.</p>`;
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="History of ${v}"><table class="rollout-history"><caption>History of ${v}</caption>
<thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">By</th><th scope="col">Why</th></tr></thead>
<tbody>${events.map((e) => html`<tr><th scope="row">${when(e.at)}</th><td>${e.what}</td><td>${e.by}</td><td>${e.why}</td></tr>`)}</tbody></table></div>`;
}

/** A release's rollout: its share and where it comes from, its guard, the forms (for those who may) and its history. */
export function rolloutSection(view: RolloutView, person: SignedIn, halts: readonly RolloutHalt[], shares: Parameters<typeof rolloutHistory>[2]): Html {
  const v = view.release.version;
  const forms = person.scopes.has('releases:write') ? html`${shareForm(view, person)}${!view.halt && haltForm(view, person)}` : html`<p>Changing its share or halting it needs the releases:write scope.</p>`;
  return html`<section class="rollout" id="rollout-${v}" aria-labelledby="rollout-${v}-heading">
<h3 id="rollout-${v}-heading">${v} (${view.channel})</h3>
${shareSentence(view)}
${guardSentence(view)}
${forms}
${historyTable(view, halts, shares)}
</section>`;
}
