import { formatTimestamp, type Clock } from '@companion/schema';
import { applyDraftEvent, draftsOf, NEXT_ACTIONS, type Draft, type DraftAction, type DraftActor, type DraftChange, type DraftEvent } from './draft';
import { DraftChangedError, UnknownDraftError } from './draft-errors';

/** Where draft events are kept: a journal in the data folder, or PostgreSQL shared by replicas. */
export interface DraftLog {
  /** Every event: each draft's in version order. */
  read(): Promise<DraftEvent[]>;
  /** One draft's events in version order (none: no such draft). */
  readDraft(id: number): Promise<DraftEvent[]>;
  /** A number no draft has had. */
  nextId(): Promise<number>;
  /** Stores the event durably; DraftChangedError when the draft already has its version (someone acted first), or its person's form key made a draft already. */
  append(event: DraftEvent): Promise<void>;
  close(): Promise<void>;
}

/** Each action as a sentence says it was done. */
const DONE: Record<DraftAction, string> = { drafted: 'drafted', revised: 'revised', returned: 'sent back', published: 'published', withdrawn: 'withdrew' };

/**
 * Changes of the catalogue proposed for review, kept apart from the catalogue: nothing here is
 * served or exported until a reviewer publishes it, which is a catalogue change like any other
 * (made by the caller, whose seq the `published` event records). Each action names the draft's
 * version it was taken on, so of two people acting on one version only the first succeeds.
 */
export class CatalogDrafts {
  constructor(
    private readonly log: DraftLog,
    private readonly clock: Clock,
  ) {}

  /** Every draft, newest first. */
  async list(): Promise<Draft[]> {
    return draftsOf(await this.log.read());
  }

  /** Every event of every draft (the activity log reads them). */
  events(): Promise<DraftEvent[]> {
    return this.log.read();
  }

  async get(id: number): Promise<Draft> {
    const [draft] = draftsOf(await this.log.readDraft(id));
    if (!draft) throw new UnknownDraftError(id);
    return draft;
  }

  /** A new draft of `change`; with `formKey`, the draft that key already made by the same person, if any. */
  async start(change: DraftChange, who: DraftActor, comment?: string, formKey?: string): Promise<Draft> {
    const made = async () => (formKey ? (await this.log.read()).find((e) => e.action === 'drafted' && e.form_key === formKey && e.actor_id === who.actor_id) : undefined);
    const before = await made();
    if (before) return this.get(before.draft);
    const event: DraftEvent = { draft: await this.log.nextId(), version: 1, at: this.now(), action: 'drafted', ...who, ...(comment && { comment }), change, ...(formKey && { form_key: formKey }) };
    try {
      await this.log.append(event);
    } catch (error) {
      // The same form sent twice at once: the log refused the second (one draft per key and person).
      const first = error instanceof DraftChangedError ? await made() : undefined;
      if (first) return this.get(first.draft);
      throw error;
    }
    return applyDraftEvent(null, event);
  }

  /**
   * Takes `action` on draft `id` as it was at `version`. Only its author revises or withdraws
   * it; sending back needs a comment; publishing records the catalogue change's `seq`.
   */
  async act(id: number, version: number, action: Exclude<DraftAction, 'drafted'>, who: DraftActor, extra: { comment?: string; change?: DraftChange; seq?: number } = {}): Promise<Draft> {
    const draft = await this.get(id);
    if (draft.version !== version) {
      const last = draft.events.at(-1)!;
      throw new DraftChangedError(id, `Draft ${id} changed meanwhile: ${last.actor} ${last.action} it at ${last.at.slice(0, 19).replace('T', ' ')} UTC.`);
    }
    if (!NEXT_ACTIONS[draft.status].includes(action)) throw new DraftChangedError(id, `Draft ${id} is ${draft.status}: it cannot be ${action} now.`);
    if ((action === 'revised' || action === 'withdrawn') && who.actor_id !== draft.author_id) throw new DraftChangedError(id, `Only its author, ${draft.author}, can change or withdraw draft ${id}.`);
    if (action === 'returned' && !extra.comment) throw new Error('a draft is sent back with a comment');
    if (action === 'revised' && extra.change && extra.change.flag !== draft.flag) throw new Error('a draft keeps its Flag');
    const event: DraftEvent = {
      draft: id,
      version: version + 1,
      at: this.now(),
      action,
      ...who,
      ...(extra.comment && { comment: extra.comment }),
      ...(action === 'revised' && extra.change && { change: extra.change }),
      ...(action === 'published' && extra.seq !== undefined && { catalog_seq: extra.seq }),
    };
    await this.log.append(event);
    return applyDraftEvent(draft, event);
  }

  /**
   * Records that version `version` of draft `id` went into the catalogue (change `seq`). The
   * catalogue took it, so this is recorded whatever happened to the draft since: a revision or a
   * withdrawal meanwhile is overtaken by this terminal event, whose comment names the version
   * published. Appended on top of whatever version the draft has reached, again if another event
   * took that version first.
   */
  async recordPublished(id: number, version: number, who: DraftActor, seq?: number): Promise<Draft> {
    for (;;) {
      const draft = await this.get(id);
      const last = draft.events.at(-1)!;
      const event: DraftEvent = {
        draft: id,
        version: draft.version + 1,
        at: this.now(),
        action: 'published',
        ...who,
        ...(draft.version !== version && { comment: `Version ${version} was published; ${last.actor} ${DONE[last.action]} it meanwhile, and that is not in the catalogue.` }),
        ...(seq !== undefined && { catalog_seq: seq }),
      };
      try {
        await this.log.append(event);
        return applyDraftEvent(draft, event);
      } catch (error) {
        if (!(error instanceof DraftChangedError)) throw error;
      }
    }
  }

  close(): Promise<void> {
    return this.log.close();
  }

  private now(): string {
    return formatTimestamp(this.clock.nowMicros());
  }
}
