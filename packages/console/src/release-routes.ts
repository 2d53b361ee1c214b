import { PREVIEW_VERSION } from '@companion/schema';
import express, { type Request, type Response, type Router } from 'express';
import semver from 'semver';
import { releaseHealth, type RolloutHalts } from '@companion/release-guard';
import type { Sessions, SignedIn } from '@companion/auth';
import type { ConsoleDeps, ConsoleRestore } from './deps';
import { personOf, signedIn } from './access';
import { flash } from './flash';
import { html, htmlText, markup, type Html } from '@companion/html';
import { consolePage } from './layout';
import { releaseHealthCharts } from './release-charts';
import { findRollout, minimumOf, rolloutViews, shareTag, whoOf, type RolloutView } from './release-rollouts';
import { haltForm, haltSection, RELEASES, rolloutSection, shareForm, when, type FormState } from './release-sections';
import { checkCsrf, consoleForm, page } from './sign-in-routes';
import { refusalPage } from './sign-in-pages';
import { CONFIRM_RESTORE, restoreSection } from './restore-section';

/** The form choosing the release whose health is charted (shown first on the page), and the charts (or why there are none). */
async function healthSection(deps: ConsoleDeps, asked: unknown): Promise<{ choose: Html; charts: Html }> {
  const snapshot = deps.content.current();
  const releases = [...snapshot.stable, ...snapshot.preview].sort((a, b) => semver.rcompare(a.version, b.version)).slice(0, 40);
  const halted = deps.halts ? [...deps.halts.halted.keys()] : [];
  const fallback = halted[0] ?? releases.find((r) => r.guard !== undefined || r.rollout !== undefined)?.version ?? snapshot.stable[0]?.version;
  const version = typeof asked === 'string' && PREVIEW_VERSION.test(asked) ? asked : fallback;
  const choose = html`<form method="get" action="${RELEASES}" class="filters"><div class="field"><label for="health-version">Release</label><select id="health-version" name="version">${releases.map(
    (r) => html`<option${r.version === version ? ' selected' : ''}>${r.version}</option>`,
  )}</select></div><div class="actions"><button type="submit" class="secondary">Show its health</button></div></form>`;
  if (version === undefined || !deps.adoption) return { choose, charts: html`<p>No install counts to chart.</p>` };
  const health = await releaseHealth({ adoption: deps.adoption, feedback: deps.feedback, clock: deps.clock }, snapshot, version, Math.min(14, deps.adoption.retentionDays));
  return { choose, charts: health ? markup(releaseHealthCharts(health)) : html`<p role="alert">No release has version ${version}.</p>` };
}

function releasesPage(halts: RolloutHalts | null, person: SignedIn, health: { choose: Html; charts: Html }, restore: Html | null): string {
  const halted = halts ? [...halts.halted.values()].sort((a, b) => b.id - a.id) : [];
  const views = halts ? rolloutViews(halts) : [];
  return consolePage(
    'Releases',
    htmlText(html`<h1>Releases</h1>
<p class="lead">Staged rollouts: the share of installs each release is offered, its guard and its halts. A halt, by its guard or by a person, stays until a person resumes it here (or, for a guard's halt, a pull request sets <code>resume:</code> under the release's <code>guard:</code> to the day it halted). A share changed here holds while the release file's <code>rollout</code> stays what it was then; a deploy that changes the file's <code>rollout</code> wins.</p>
${restore}
${health.choose}
${halted.length === 0 ? html`<p role="status">No rollout is halted.</p>` : halted.map((h) => haltSection(h, person))}
<h2 id="rollouts-heading">Staged rollouts</h2>
${views.length === 0 ? html`<p>No release file sets a rollout or a guard, and no rollout was halted or changed here.</p>` : views.map((view) => rolloutSection(view, person, halts!.history, halts!.shares))}
${health.charts}`),
    person,
  );
}

/** A form refused or in conflict, alone on its page: what was wrong (focused first by console.js), and the form with what was sent. */
function formPage(person: SignedIn, title: string, summary: Html, form: Html): string {
  return consolePage(title, htmlText(html`<h1>${title}</h1>
${summary}
${form}
<p><a href="${RELEASES}">Back to the releases</a></p>`), person);
}

const problemSummary = (problems: FormState['problems'], version: string, ids: Record<'rollout' | 'reason', string>) =>
  html`<div class="error-summary" role="alert" tabindex="-1" id="error-summary"><h2>${Object.keys(problems ?? {}).length === 1 ? 'One problem' : 'Problems'} to fix before saving</h2><ul>${Object.entries(problems ?? {}).map(
    ([name, problem]) => html`<li><a href="#${ids[name as 'rollout' | 'reason']}-${version}">${problem}</a></li>`,
  )}</ul></div>`;

/** What the form's reason says, trimmed (at most 500 characters); '' when none. */
const reasonOf = (req: Request) => (typeof req.body.reason === 'string' ? req.body.reason.trim().slice(0, 500) : '');

/** Why a release named in changelog/channels.yaml as the oldest supported may not be held back from anyone. */
const minimumProblem = (version: string, channel: string) =>
  `${version} is the ${channel} channel's minimum_supported (changelog/channels.yaml): every client below it is told to update to it, so it stays offered to every install. Name another minimum first.`;

/** `/console/releases`: rollouts with their share, guard, halts and history; the forms that halt, resume and change the share (recording who and why); a release's health as charts. */
export function releaseConsole(deps: ConsoleDeps, sessions: Sessions): Router {
  const router = express.Router();
  const limiter = deps.limiters.perPerson('release-work');
  const seeReleases = (res: Response) => res.status(303).setHeader('Location', RELEASES).end();
  /** The release a form names, or a refusal page (then undefined). */
  const rolloutOf = async (req: Request, res: Response, person: SignedIn): Promise<[RolloutHalts, RolloutView] | undefined> => {
    const halts = deps.halts;
    if (!halts) return void page(req, res, refusalPage('Rollouts not kept', 'This service keeps no halts or shares (it runs without its rollout store).', person), 503);
    await halts.refresh();
    const view = findRollout(halts, String(req.params.version));
    if (!view) return void page(req, res, refusalPage('No such release', `No release file has version ${String(req.params.version)}.`, person), 404);
    return [halts, view];
  };

  router.get('/', signedIn(sessions, 'releases:read'), async (req, res) => {
    await deps.halts?.refresh();
    page(req, res, releasesPage(deps.halts ?? null, personOf(res), await healthSection(deps, req.query.version), restoreSection(deps.restore, personOf(res))));
  });

  router.post(CONFIRM_RESTORE.slice(RELEASES.length), consoleForm, signedIn(sessions, 'releases:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const reason = reasonOf(req);
    if (reason === '') return page(req, res, consolePage('Confirm the restore', htmlText(html`<h1>Confirm the restore</h1><p class="field-error" role="alert">Say what was checked: the reason is kept with the restore.</p><p><a href="${RELEASES}">Back to the releases</a></p>`), person), 422);
    const id = typeof req.body.event === 'string' ? req.body.event : '';
    const outcome = (await deps.restore?.confirm(id, `console: ${person.actor}`, reason)) ?? { kind: 'unknown' as const };
    await flash(sessions, req, res, confirmedLine(outcome));
    seeReleases(res);
  });

  router.post('/:version/resume', consoleForm, signedIn(sessions, 'releases:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const version = String(req.params.version);
    const reason = reasonOf(req);
    if (reason === '') return page(req, res, consolePage('Resume a rollout', htmlText(html`<h1>Resume the rollout of ${version}</h1><p class="field-error" role="alert">Say why it may go on: the reason is kept with the halt.</p><p><a href="${RELEASES}">Back to the releases</a></p>`), person), 422);
    const lifted = await deps.halts?.resume(version, `console: ${person.actor}`, reason);
    await flash(sessions, req, res, lifted ? `The rollout of ${version} goes on: installs in its share are offered it again.` : `${version} was not halted (someone may have resumed it meanwhile). Nothing was changed.`);
    seeReleases(res);
  });

  router.post('/:version/halt', consoleForm, signedIn(sessions, 'releases:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const found = await rolloutOf(req, res, person);
    if (!found) return;
    const [halts, view] = found;
    const { version } = view.release;
    const reason = reasonOf(req);
    const minimum = minimumOf(halts, version);
    const problems: FormState['problems'] = { ...(reason === '' && { reason: 'Say why it must stop: the reason is kept with the halt.' }), ...(minimum && { reason: minimumProblem(version, minimum) }) };
    if (Object.keys(problems).length > 0) {
      return page(req, res, formPage(person, `Halt the rollout of ${version}`, problemSummary(problems, version, { rollout: 'share', reason: 'halt-reason' }), haltForm(view, person, { reason, problems })), 422);
    }
    const recorded = await halts.halt(version, view.channel, `console: ${person.actor}`, reason);
    const already = halts.halted.get(version);
    await flash(sessions, req, res, recorded ? `The rollout of ${version} is halted: no install not already on it is offered it.` : `${version} was halted already (by ${whoOf(already?.halted_by ?? 'someone')}${already ? ` on ${when(already.halted_at)}` : ''}). Nothing was changed.`);
    seeReleases(res);
  });

  router.post('/:version/share', consoleForm, signedIn(sessions, 'releases:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const found = await rolloutOf(req, res, person);
    if (!found) return;
    const [halts, view] = found;
    const { version } = view.release;
    const text = typeof req.body.rollout === 'string' ? req.body.rollout.trim() : '';
    const reason = reasonOf(req);
    const rollout = /^\d{1,3}$/.test(text) && Number(text) <= 100 ? Number(text) : null;
    const minimum = rollout !== null && rollout < 100 ? minimumOf(halts, version) : null;
    const problems: FormState['problems'] = {
      ...(rollout === null && { rollout: `Give the share as a whole number from 0 to 100; found “${text}”.` }),
      ...(minimum && { rollout: minimumProblem(version, minimum) }),
      ...(reason === '' && { reason: 'Say why: the reason is kept in the history.' }),
    };
    const seen = typeof req.body.seen === 'string' ? req.body.seen : '';
    if (rollout === null || Object.keys(problems).length > 0) {
      return page(req, res, formPage(person, `Change the share of ${version}`, problemSummary(problems, version, { rollout: 'share', reason: 'share-reason' }), shareForm(view, person, { rollout: text, reason, problems, seen })), 422);
    }
    const by = `console: ${person.actor}`;
    const done = () => flash(sessions, req, res, `The share of ${version} is now ${rollout}%${view.halt ? ' (it is halted: the share applies once it is resumed)' : ''}.`);
    const latest = view.share;
    // The same change sent twice (a double click, the browser sending the form again): done by the first.
    if (seen !== shareTag(view) && latest && latest.set_by === by && latest.rollout === rollout && latest.reason === reason && seen === `${latest.replaces ?? 0}/${latest.file_rollout ?? 'none'}`) {
      await done();
      return seeReleases(res);
    }
    const recorded = seen === shareTag(view) ? await halts.setShare({ version, channel: view.channel, rollout, file_rollout: view.fileRollout, replaces: latest?.id ?? null, set_by: by, reason }) : null;
    if (!recorded) return shareConflict(req, res, halts, version, person, { rollout: text, reason }, seen);
    await done();
    seeReleases(res);
  });

  /** The share changed since the form was made (a colleague, or a deploy): nothing saved; what changed, and the form again to send over it. */
  const shareConflict = (req: Request, res: Response, halts: RolloutHalts, version: string, person: SignedIn, sent: FormState, seen: string) => {
    const now = findRollout(halts, version)!;
    const [seenId, seenFile] = seen.split('/');
    const changes = [
      ...(now.share && String(now.share.id) !== seenId ? [html`${whoOf(now.share.set_by)} set it to ${now.share.rollout}% on ${when(now.share.set_at)} (“${now.share.reason}”)`] : []),
      ...(String(now.fileRollout ?? 'none') !== seenFile ? [html`a deploy changed the release file's rollout to ${now.fileRollout === null ? 'none (every install)' : `${now.fileRollout}%`}`] : []),
    ];
    const summary = html`<section class="conflict" role="alert" aria-labelledby="conflict-heading"><h2 id="conflict-heading" tabindex="-1">Changed since you opened the page</h2>
<p>Your share of ${sent.rollout}% is not saved: ${changes.length > 0 ? changes.map((c, i) => html`${i > 0 ? '; ' : ''}${c}`) : 'the share was changed meanwhile'}. It is now offered to ${now.served}% of installs. Send the form again to set yours over it, or leave it.</p></section>`;
    page(req, res, formPage(person, `Change the share of ${version}`, summary, shareForm(now, person, sent)), 409);
  };

  return router;
}

/** What the console says after a restore's confirmation was asked for. */
function confirmedLine(outcome: Awaited<ReturnType<ConsoleRestore['confirm']>>): string {
  if (outcome.kind === 'confirmed') return 'The restore is confirmed: held rollouts go on as their files and settings say.';
  if (outcome.kind === 'newer') return `Another restore was noticed since (${outcome.newer.detected_at}): nothing was confirmed. Check what it changed below, then confirm that one.`;
  return 'That restore was not waiting for confirmation (someone may have confirmed it meanwhile). Nothing was changed.';
}
