import type { SignedIn } from '@companion/auth';
import { CONSOLE } from './layout';
import type { ConsoleDeps } from './deps';
import { rolloutHistory } from './release-rollouts';

/** The kinds of change the activity log lists, as its filter names them. */
export const ACTIVITY_KINDS = {
  entry: 'Catalogue changes',
  deletion: 'Deletions',
  draft: 'Drafts',
  publication: 'Publications',
  feedback: 'Feedback statuses and notes',
  erasure: 'Erasures',
  rollout: 'Rollout halts, resumes and shares',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

/** One thing someone did, as the log shows it. */
export interface Activity {
  /** `2026-11-25T22:04:40.123456` (UTC): every source's time in one form, so they sort together. */
  at: string;
  who: string;
  kind: ActivityKind;
  /** What it was done to: a Flag, a draft, a feedback, a release. */
  subject: string;
  what: string;
  why: string;
  link: string;
}

export interface ActivityFilter {
  who?: string;
  kind?: ActivityKind;
  /** A Flag, `draft 3`, `#12` or a version: matched against the subject, any letter case. */
  subject?: string;
  /** First and last UTC day, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
}

/** Any source's instant (with or without a zone, 0 to 6 fraction digits) as `YYYY-MM-DDTHH:MM:SS.ffffff`. */
export function instant(text: string): string {
  const [whole, fraction = ''] = text.replace(/Z$/, '').split('.');
  return `${whole}.${fraction.padEnd(6, '0').slice(0, 6)}`;
}

/** Which kinds `person` may see: each source needs the scope its own pages need. */
export function visibleKinds(person: SignedIn): ActivityKind[] {
  const s = person.scopes;
  return [
    ...(s.has('errors:read-log') ? (['entry', 'deletion'] as const) : []),
    ...(s.has('errors:read-log') || s.has('catalog:draft') || s.has('catalog:publish') || s.has('errors:write') ? (['draft', 'publication'] as const) : []),
    ...(s.has('feedback:read') ? (['feedback', 'erasure'] as const) : []),
    ...(s.has('releases:read') ? (['rollout'] as const) : []),
  ];
}

const PAGE = 200;

/** The catalogue's op log, newest first, a page at a time (a large log is never read whole for one page of activity). */
async function* catalogueActivity(deps: ConsoleDeps, kinds: Set<ActivityKind>): AsyncGenerator<Activity> {
  for (let offset = 0; ; offset += PAGE) {
    const { records } = deps.catalog.logs({ limit: PAGE, offset, ...(!kinds.has('entry') && !kinds.has('publication') && { operation: 'DELETE' as const }) });
    for (const r of records) {
      const published = r.reason?.match(/^Draft (\d+) by /);
      const kind: ActivityKind = r.operation === 'DELETE' ? 'deletion' : published ? 'publication' : 'entry';
      if (!kinds.has(kind)) continue;
      const what = r.operation === 'DELETE' ? 'Deleted' : r.operation === 'CREATE' ? 'Added' : published ? `Published draft ${published[1]}` : 'Changed';
      yield { at: instant(r.timestamp), who: r.actor, kind, subject: r.flag, what: `${what} ${r.flag}`, why: r.reason ?? '', link: `${CONSOLE}/errors/${r.flag}/history` };
    }
    if (records.length < PAGE) return;
  }
}

const DRAFT_WHAT = { drafted: 'Drafted', revised: 'Revised', returned: 'Sent back', published: 'Marked published', withdrawn: 'Withdrew' } as const;

async function draftActivity(deps: ConsoleDeps): Promise<Activity[]> {
  const events = await deps.catalog.drafts.events();
  const flags = new Map(events.filter((e) => e.change).map((e) => [e.draft, e.change!.flag]));
  // A publication is the catalogue's change (listed from the op log); the draft's own mark of it is not listed twice.
  return events
    .filter((e) => e.action !== 'published')
    .map((e) => ({ at: instant(e.at), who: e.actor, kind: 'draft' as const, subject: `draft ${e.draft} ${flags.get(e.draft) ?? ''}`.trim(), what: `${DRAFT_WHAT[e.action]} draft ${e.draft} (${flags.get(e.draft) ?? ''})`, why: e.comment ?? '', link: `${CONSOLE}/drafts/${e.draft}` }));
}

const feedbackLink = (id: number) => `${CONSOLE}/feedback#feedback-${id}`;

/** Every status set and every note (each feedback's thread, as erasures left it), and the erasures. */
async function feedbackActivity(deps: ConsoleDeps, kinds: Set<ActivityKind>): Promise<Activity[]> {
  const found: Activity[] = [];
  if (kinds.has('feedback')) for await (const record of deps.feedback.scan({})) for (const note of record.notes) found.push({ at: instant(note.at), who: note.by, kind: 'feedback', subject: `#${record.id}`, what: `Noted on #${record.id}`, why: note.text, link: feedbackLink(record.id) });
  for (const work of await deps.feedback.workLog()) {
    const ids = work.feedback.map((id) => `#${id}`).join(', ');
    if (work.kind === 'status' && kinds.has('feedback')) found.push({ at: instant(work.at), who: work.actor, kind: 'feedback', subject: ids, what: `Set ${ids} to ${work.status}`, why: '', link: feedbackLink(work.feedback[0]!) });
    // An erasure names the feedback it changed, never the address.
    if (work.kind === 'erasure' && kinds.has('erasure')) found.push({ at: instant(work.at), who: work.actor, kind: 'erasure', subject: ids || 'none', what: ids ? `Erased an address from ${ids}` : 'Erased an address (no feedback held it)', why: '', link: `${CONSOLE}/feedback` });
  }
  return found;
}

function rolloutActivity(deps: ConsoleDeps): Activity[] {
  const halts = deps.halts;
  if (!halts) return [];
  const versions = new Set([...halts.history.map((h) => h.version), ...halts.shares.map((s) => s.version)]);
  return [...versions].flatMap((version) =>
    rolloutHistory(version, halts.history, halts.shares).map((e) => ({ at: instant(e.at), who: e.by, kind: 'rollout' as const, subject: version, what: `${e.what} (${version})`, why: e.why, link: `${CONSOLE}/releases?version=${encodeURIComponent(version)}` })),
  );
}

const matches = (a: Activity, f: ActivityFilter) =>
  (f.who === undefined || a.who === f.who) &&
  (f.subject === undefined || a.subject.toLowerCase().includes(f.subject.toLowerCase())) &&
  (f.from === undefined || a.at.slice(0, 10) >= f.from) &&
  (f.to === undefined || a.at.slice(0, 10) <= f.to);

/**
 * One page of activity (newest first) that `person` may see and `filter` keeps: the catalogue's
 * op log read lazily, page by page, merged with the drafts', the feedback's and the rollouts'
 * records. `more` says whether an older page exists. `people` are the names seen, for the filter.
 */
export async function activityPage(deps: ConsoleDeps, person: SignedIn, filter: ActivityFilter, page: number, perPage: number): Promise<{ items: Activity[]; more: boolean }> {
  const kinds = new Set(visibleKinds(person).filter((k) => filter.kind === undefined || k === filter.kind));
  const rest: Activity[] = [
    ...(kinds.has('draft') ? await draftActivity(deps) : []),
    ...(kinds.has('feedback') || kinds.has('erasure') ? await feedbackActivity(deps, kinds) : []),
    ...(kinds.has('rollout') ? rolloutActivity(deps) : []),
  ]
    .filter((a) => matches(a, filter))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const catalogue = kinds.has('entry') || kinds.has('deletion') || kinds.has('publication') ? catalogueActivity(deps, kinds) : null;
  const skip = (page - 1) * perPage;
  const items: Activity[] = [];
  let next = catalogue ? await nextMatching(catalogue, filter) : null;
  let i = 0;
  let seen = 0;
  while (items.length <= perPage) {
    const other = rest[i];
    if (!next && !other) break;
    const take = next && (!other || next.at >= other.at) ? next : other!;
    if (take === next) next = await nextMatching(catalogue!, filter);
    else i++;
    if (seen++ >= skip) items.push(take);
  }
  return { items: items.slice(0, perPage), more: items.length > perPage };
}

async function nextMatching(source: AsyncGenerator<Activity>, filter: ActivityFilter): Promise<Activity | null> {
  for (;;) {
    const { value, done } = await source.next();
    if (done) return null;
    if (matches(value, filter)) return value;
  }
}

/** The people named in what `person` may see (a short list of names for the filter). */
export async function activityPeople(deps: ConsoleDeps, person: SignedIn): Promise<string[]> {
  const { items } = await activityPage(deps, person, {}, 1, 1000);
  return [...new Set(items.map((a) => a.who))].sort((a, b) => a.localeCompare(b));
}
