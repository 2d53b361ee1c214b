import type { ErrorEntry } from '@companion/schema';

/** What happened to a draft: saved first, saved again by its author, sent back, published, withdrawn. */
export const DRAFT_ACTIONS = ['drafted', 'revised', 'returned', 'published', 'withdrawn'] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];

/** Who acted: the name changes record (`actor`) and the credential's stable id (`actor_id`), which tells an author from a reviewer. */
export interface DraftActor {
  actor: string;
  actor_id: string;
}

/** The change a draft proposes: the body the API's PUT (`update`) or detailed POST (`create`) takes, and the entry it was made against. */
export interface DraftChange {
  flag: string;
  kind: 'create' | 'update';
  body: Record<string, unknown>;
  /** The entry served when the change was drafted (the base of the merge at publication); null for a new entry. */
  base: ErrorEntry | null;
}

/** One event of a draft, as stored: `version` is the draft's version after it (1 for `drafted`). */
export interface DraftEvent extends DraftActor {
  draft: number;
  version: number;
  /** `2026-11-25T22:04:40.123456` (UTC, no zone). */
  at: string;
  action: DraftAction;
  /** Why it was sent back (required then), or a note with any other event. */
  comment?: string;
  /** `drafted` and `revised`: the change as it now stands. */
  change?: DraftChange;
  /** `published`: the seq of the catalogue change that published it. */
  catalog_seq?: number;
  /** `drafted`: the key of the form that saved it, so the same form sent twice makes one draft. */
  form_key?: string;
}

export type DraftStatus = 'open' | 'returned' | 'published' | 'withdrawn';

/** A draft as its events leave it. */
export interface Draft extends DraftChange {
  id: number;
  version: number;
  status: DraftStatus;
  author: string;
  author_id: string;
  created_at: string;
  updated_at: string;
  /** Its events, oldest first. */
  events: DraftEvent[];
}

const STATUS_AFTER: Record<DraftAction, DraftStatus> = { drafted: 'open', revised: 'open', returned: 'returned', published: 'published', withdrawn: 'withdrawn' };

/** Which events may follow a draft in each status: a published or withdrawn draft is final. */
export const NEXT_ACTIONS: Record<DraftStatus, readonly DraftAction[]> = {
  open: ['revised', 'returned', 'published', 'withdrawn'],
  returned: ['revised', 'withdrawn'],
  published: [],
  withdrawn: [],
};

/** The draft after `event` (`draft` null: the event must be its `drafted`). */
export function applyDraftEvent(draft: Draft | null, event: DraftEvent): Draft {
  if (draft === null) {
    if (event.action !== 'drafted' || !event.change || event.version !== 1) throw new Error(`draft ${event.draft} begins with ${event.action} at version ${event.version}`);
    return { id: event.draft, version: 1, status: 'open', ...event.change, author: event.actor, author_id: event.actor_id, created_at: event.at, updated_at: event.at, events: [event] };
  }
  if (event.version !== draft.version + 1) throw new Error(`draft ${draft.id}: version ${event.version} after ${draft.version}`);
  return { ...draft, ...(event.action === 'revised' && event.change), version: event.version, status: STATUS_AFTER[event.action], updated_at: event.at, events: [...draft.events, event] };
}

/** Drafts from their events in any order of drafts (each draft's in version order), newest first. */
export function draftsOf(events: Iterable<DraftEvent>): Draft[] {
  const drafts = new Map<number, Draft>();
  for (const event of events) drafts.set(event.draft, applyDraftEvent(drafts.get(event.draft) ?? null, event));
  return [...drafts.values()].sort((a, b) => b.id - a.id);
}

/** A cheap shape check of a stored event (a damaged line is reported, not served). */
export function checkDraftEvent(event: DraftEvent): void {
  if (!Number.isInteger(event.draft) || event.draft < 1 || !Number.isInteger(event.version) || event.version < 1) throw new Error('draft or version missing');
  if (!(DRAFT_ACTIONS as readonly string[]).includes(event.action)) throw new Error(`unknown draft action ${JSON.stringify(event.action)}`);
  if (typeof event.actor !== 'string' || typeof event.actor_id !== 'string' || typeof event.at !== 'string') throw new Error('actor or time missing');
}
