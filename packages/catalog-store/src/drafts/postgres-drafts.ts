import { asStorageError, type Database, type Migration } from '@companion/database';
import type { DraftLog } from './catalog-drafts';
import type { DraftEvent } from './draft';
import { DraftChangedError } from './draft-errors';

/**
 * Draft events in PostgreSQL, shared by every replica. The primary key (draft, version) is the
 * check that nobody acted on a draft since it was shown: of two replicas appending the same
 * version, the second insert fails. Reads go to the table each time (drafts are few and read by
 * people, not by clients), so every replica sees every draft at once.
 */
export const DRAFT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'catalogue drafts',
    change: 'expand',
    sql: `
      CREATE SEQUENCE catalog_draft_ids;
      CREATE TABLE catalog_draft_events (
        draft bigint NOT NULL,
        version integer NOT NULL,
        at text NOT NULL,
        action text NOT NULL CHECK (action IN ('drafted', 'revised', 'returned', 'published', 'withdrawn')),
        actor text NOT NULL,
        actor_id text NOT NULL,
        comment text,
        change json,
        seq bigint,
        form_key text,
        PRIMARY KEY (draft, version)
      );
      CREATE UNIQUE INDEX catalog_draft_form_keys ON catalog_draft_events (actor_id, form_key) WHERE form_key IS NOT NULL;`,
  },
];

interface EventRow {
  draft: string;
  version: number;
  at: string;
  action: DraftEvent['action'];
  actor: string;
  actor_id: string;
  comment: string | null;
  change: DraftEvent['change'] | null;
  seq: string | null;
  form_key: string | null;
}

const eventOf = (row: EventRow): DraftEvent => ({
  draft: Number(row.draft),
  version: row.version,
  at: row.at,
  action: row.action,
  actor: row.actor,
  actor_id: row.actor_id,
  ...(row.comment !== null && { comment: row.comment }),
  ...(row.change !== null && { change: row.change }),
  ...(row.seq !== null && { catalog_seq: Number(row.seq) }),
  ...(row.form_key !== null && { form_key: row.form_key }),
});

const COLUMNS = 'draft, version, at, action, actor, actor_id, comment, change, seq, form_key';

export class PostgresDraftLog implements DraftLog {
  private constructor(private readonly db: Database) {}

  static async open(db: Database): Promise<PostgresDraftLog> {
    await db.migrate('catalog-drafts', DRAFT_MIGRATIONS);
    return new PostgresDraftLog(db);
  }

  async read(): Promise<DraftEvent[]> {
    return (await this.query<EventRow>(`SELECT ${COLUMNS} FROM catalog_draft_events ORDER BY draft, version`)).map(eventOf);
  }

  async readDraft(id: number): Promise<DraftEvent[]> {
    return (await this.query<EventRow>(`SELECT ${COLUMNS} FROM catalog_draft_events WHERE draft = $1 ORDER BY version`, [id])).map(eventOf);
  }

  async nextId(): Promise<number> {
    return Number((await this.query<{ id: string }>(`SELECT nextval('catalog_draft_ids') AS id`))[0]!.id);
  }

  async append(event: DraftEvent): Promise<void> {
    try {
      // Version n + 1 only after version n: a draft's events never skip one.
      const { rowCount } = await this.db.query(
        `INSERT INTO catalog_draft_events (${COLUMNS})
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
         WHERE $2 = 1 OR EXISTS (SELECT 1 FROM catalog_draft_events WHERE draft = $1 AND version = $2 - 1)`,
        [event.draft, event.version, event.at, event.action, event.actor, event.actor_id, event.comment ?? null, event.change ? JSON.stringify(event.change) : null, event.catalog_seq ?? null, event.form_key ?? null],
      );
      if (rowCount === 0) throw new DraftChangedError(event.draft, `Draft ${event.draft} changed meanwhile.`);
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') throw new DraftChangedError(event.draft, `Draft ${event.draft} changed meanwhile.`);
      throw asStorageError(error);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private async query<R extends object>(text: string, values?: unknown[]): Promise<R[]> {
    try {
      return (await this.db.query(text, values)).rows as R[];
    } catch (error) {
      throw asStorageError(error);
    }
  }
}
