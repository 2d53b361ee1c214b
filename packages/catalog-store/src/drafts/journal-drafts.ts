import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { openJournal, type Journal, type JournalOptions } from '@companion/journal';
import type { DraftLog } from './catalog-drafts';
import { checkDraftEvent, type DraftEvent } from './draft';
import { DraftChangedError } from './draft-errors';

export const DRAFTS_FILE = 'catalog-drafts.jsonl';

/**
 * Draft events in `<dataDir>/catalog-drafts.jsonl` (a `@companion/journal` file, one event a
 * line), all held in memory: the data folder has one writer (its lock), so versions are checked
 * here, one append at a time. The file is made by the first draft.
 */
export class JournalDraftLog implements DraftLog {
  private readonly events: DraftEvent[] = [];
  private readonly versions = new Map<number, number>();
  /** Numbers given out by nextId whose first event is not stored yet. */
  private readonly reserved = new Set<number>();
  private journal: Journal<DraftEvent> | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly options: Pick<JournalOptions<DraftEvent>, 'now' | 'events'>,
  ) {}

  static async open(dataDir: string, options: Pick<JournalOptions<DraftEvent>, 'now' | 'events'> = {}): Promise<JournalDraftLog> {
    const log = new JournalDraftLog(join(dataDir, DRAFTS_FILE), options);
    const exists = await access(log.path).then(
      () => true,
      () => false,
    );
    if (exists) await log.openJournal();
    return log;
  }

  read(): Promise<DraftEvent[]> {
    return Promise.resolve([...this.events]);
  }

  readDraft(id: number): Promise<DraftEvent[]> {
    return Promise.resolve(this.events.filter((e) => e.draft === id));
  }

  nextId(): Promise<number> {
    // Counted among the appends, so two drafts begun at once never share a number.
    return this.serial(async () => Math.max(0, ...this.versions.keys(), ...this.reserved) + 1).then((id) => {
      this.reserved.add(id);
      return id;
    });
  }

  append(event: DraftEvent): Promise<void> {
    return this.serial(async () => {
      if ((this.versions.get(event.draft) ?? 0) !== event.version - 1) throw new DraftChangedError(event.draft, `Draft ${event.draft} changed meanwhile.`);
      if (event.form_key && this.events.some((e) => e.form_key === event.form_key && e.actor_id === event.actor_id)) throw new DraftChangedError(event.draft, 'This form made a draft already.');
      const journal = this.journal ?? (await this.openJournal());
      const { record } = await journal.append(event);
      const { seq: _seq, ...stored } = record;
      this.take(stored as DraftEvent);
      this.reserved.delete(event.draft);
    });
  }

  async close(): Promise<void> {
    await this.tail.catch(() => undefined);
    await this.journal?.close();
  }

  private take(event: DraftEvent): void {
    this.events.push(event);
    this.versions.set(event.draft, event.version);
  }

  private async openJournal(): Promise<Journal<DraftEvent>> {
    this.journal = await openJournal<DraftEvent>(this.path, {
      ...this.options,
      onRecord: ({ record }) => {
        const { seq: _seq, ...event } = record;
        checkDraftEvent(event as DraftEvent);
        this.take(event as DraftEvent);
      },
    });
    return this.journal;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
