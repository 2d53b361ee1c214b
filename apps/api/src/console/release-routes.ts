import { PREVIEW_VERSION } from '@companion/schema';
import express, { type Router } from 'express';
import semver from 'semver';
import { releaseHealth } from '../adoption/release-health';
import type { Sessions, SignedIn } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { limitPerCredential } from '../http/rate-limit';
import { escapeHtml } from '../pages/html';
import type { RolloutHalt } from '@companion/rollout-store';
import { personOf, signedIn } from './access';
import { flash } from './flash';
import { releaseHealthCharts } from './release-charts';
import { CONSOLE, consolePage, csrfField } from './layout';
import { checkCsrf, consoleForm, page } from './sign-in-routes';

const RELEASES = `${CONSOLE}/releases`;
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** One halt in force: what the guard saw, and (for those who may) the form that resumes the rollout. */
function haltSection(halt: RolloutHalt, person: SignedIn): string {
  const f = halt.figures;
  const resume = person.scopes.has('releases:write')
    ? `<form method="post" action="${RELEASES}/${encodeURIComponent(halt.version)}/resume">${csrfField(person.session.csrf)}
<div class="field"><label for="reason-${escapeHtml(halt.version)}">Why it may go on</label><input id="reason-${escapeHtml(halt.version)}" name="reason" maxlength="500" required></div>
<div class="actions"><button type="submit">Resume the rollout of ${escapeHtml(halt.version)}</button></div></form>`
    : '<p>Resuming it needs the releases:write scope.</p>';
  return `<section class="halt" id="halt-${escapeHtml(halt.version)}" aria-labelledby="halt-${escapeHtml(halt.version)}-heading">
<h2 id="halt-${escapeHtml(halt.version)}-heading">${escapeHtml(halt.version)} (${halt.channel}): halted on ${halt.day}</h2>
<p>Halted ${when(halt.halted_at)} by the guard in its release file. No install not already on ${escapeHtml(halt.version)} is offered it; installs on it keep it.${halt.notified_at ? ` Mailed to ${escapeHtml(halt.notify.join(', '))}.` : ' Not mailed yet (tried again at the next judgement).'}</p>
<table><caption>Bug feedback from ${f.from} to ${f.to}</caption>
<thead><tr><th scope="col">Release</th><th scope="col">Bug reports</th><th scope="col">Install-days</th><th scope="col">Per 1,000 installs a day</th></tr></thead>
<tbody><tr><th scope="row">${escapeHtml(halt.version)}</th><td>${f.bug_reports}</td><td>${f.install_days}</td><td>${f.bug_per_1000}</td></tr>
<tr><th scope="row">${escapeHtml(f.previous.version)} (previous)</th><td>${f.previous.bug_reports}</td><td>${f.previous.install_days}</td><td>${f.previous.bug_per_1000}</td></tr></tbody></table>
<p>The guard halts above ${f.factor} × the previous release's rate, once ${f.min_active_installs} installs are active on the release on one day (most seen: ${f.active_installs}).</p>
${resume}</section>`;
}

/** The form choosing the release whose health is charted, and the charts (or why there are none). */
async function healthSection(deps: AppDeps, asked: unknown): Promise<string> {
  const snapshot = deps.content.current();
  const releases = [...snapshot.stable, ...snapshot.preview].sort((a, b) => semver.rcompare(a.version, b.version)).slice(0, 40);
  const halted = deps.halts ? [...deps.halts.halted.keys()] : [];
  const fallback = halted[0] ?? releases.find((r) => r.guard !== undefined || r.rollout !== undefined)?.version ?? snapshot.stable[0]?.version;
  const version = typeof asked === 'string' && PREVIEW_VERSION.test(asked) ? asked : fallback;
  const choose = `<form method="get" action="${RELEASES}" class="filters"><div class="field"><label for="health-version">Release</label><select id="health-version" name="version">${releases
    .map((r) => `<option${r.version === version ? ' selected' : ''}>${escapeHtml(r.version)}</option>`)
    .join('')}</select></div><div class="actions"><button type="submit" class="secondary">Show its health</button></div></form>`;
  if (version === undefined || !deps.adoption) return `${choose}<p>No install counts to chart.</p>`;
  const health = await releaseHealth({ adoption: deps.adoption, feedback: deps.feedback, clock: deps.clock }, snapshot, version, Math.min(14, deps.adoption.retentionDays));
  return `${choose}${health ? releaseHealthCharts(health) : `<p role="alert">No release has version ${escapeHtml(version)}.</p>`}`;
}

function releasesPage(deps: AppDeps, person: SignedIn, flashed: string, health: string): string {
  const halts = deps.halts;
  const halted = halts ? [...halts.halted.values()].sort((a, b) => b.id - a.id) : [];
  const resumed = halts ? halts.history.filter((h) => h.resumed_at !== null) : [];
  const history = resumed.length === 0
    ? '<p>No rollout has been resumed.</p>'
    : `<table><caption>Halts lifted</caption><thead><tr><th scope="col">Release</th><th scope="col">Halted</th><th scope="col">Resumed</th><th scope="col">By</th></tr></thead><tbody>${resumed
        .map((h) => `<tr><th scope="row">${escapeHtml(h.version)}</th><td>${h.day}</td><td>${when(h.resumed_at!)}</td><td>${escapeHtml(h.resumed_by ?? '')}</td></tr>`)
        .join('')}</tbody></table>`;
  return consolePage(
    'Releases',
    `<h1>Releases</h1>
${flashed}
<p class="lead">Staged rollouts whose guard halted them. A halt stays until a person resumes it here, or a pull request sets <code>resume:</code> under the release's <code>guard:</code> to the day it halted.</p>
${halted.length === 0 ? '<p role="status">No rollout is halted.</p>' : halted.map((h) => haltSection(h, person)).join('\n')}
<h2>History</h2>
${history}
${health}`,
    person,
  );
}

/** `/console/releases`: halted rollouts with their figures, the form that resumes one (recording who), and a release's health as charts. */
export function releaseConsole(deps: AppDeps, sessions: Sessions): Router {
  const router = express.Router();
  const limiter = limitPerCredential(deps, 'catalog', 'release-work');
  router.get('/', signedIn(sessions, 'releases:read'), async (req, res) => {
    await deps.halts?.refresh();
    page(req, res, releasesPage(deps, personOf(res), res.locals.flash as string, await healthSection(deps, req.query.version)));
  });
  router.post('/:version/resume', consoleForm, signedIn(sessions, 'releases:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const version = String(req.params.version);
    const reason = typeof req.body.reason === 'string' ? req.body.reason.trim().slice(0, 500) : '';
    if (reason === '') return page(req, res, consolePage('Resume a rollout', `<h1>Resume the rollout of ${escapeHtml(version)}</h1><p class="field-error" role="alert">Say why it may go on: the reason is kept with the halt.</p><p><a href="${RELEASES}">Back to the releases</a></p>`, person), 422);
    const lifted = await deps.halts?.resume(version, `console: ${person.actor}: ${reason}`);
    await flash(sessions, req, res, lifted ? `The rollout of ${version} goes on: installs in its share are offered it again.` : `${version} was not halted (someone may have resumed it meanwhile). Nothing was changed.`);
    res.status(303).setHeader('Location', RELEASES).end();
  });
  return router;
}
