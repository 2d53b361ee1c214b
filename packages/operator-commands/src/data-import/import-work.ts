import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DRAFTS_FILE, type DraftEvent } from '@companion/catalog-store';
import type { Tx } from '@companion/database';
import { FEEDBACK_EVENTS_FILE, type FeedbackEvent } from '@companion/feedback-store';
import { LINEAGE_FILE, type LineageMark, type RestoreEvent } from '@companion/restore-watch';
import { CommandRefusal } from '../cli/database-command';
import { readJournal } from './read-journal';

export interface WorkReport {
  /** Statuses set, notes added and erasures, as the events file holds them. */
  feedbackWork: { read: number; imported: number; statuses: number; notes: number; erasures: number };
  /** Draft events (drafted, revised, returned, published, withdrawn), each draft's number kept. */
  drafts: { read: number; imported: number; drafts: number };
  /** `carried`: the database now stands in the box's history; `own`: it had a lineage of its own, kept. */
  lineage: { lineage: string | null; tick: number; outcome: 'carried' | 'own' | null; restores: { read: number; imported: number } };
}

type EventRow = { kind: 'status' | 'note' | 'erasure'; feedback: number[]; status: string | null; note: string | null; actor: string; at: string; reason: string | null; outbox_messages: number | null };

/**
 * The events file as the database's rows: a status line written before notes were a thread and
 * carrying a note adds that note to the thread unless the status before carried the same one
 * (as the file store and the database's own migration read such lines).
 */
function eventRows(events: readonly FeedbackEvent[]): EventRow[] {
  const lastNoteOfStatus = new Map<number, string | undefined>();
  const rows: EventRow[] = [];
  for (const e of events) {
    const base = { actor: e.actor, at: e.at, reason: e.reason ?? null, status: null, note: null, outbox_messages: null };
    if (e.kind === 'erasure') rows.push({ ...base, kind: 'erasure', feedback: e.feedback, outbox_messages: e.outbox ?? null });
    else if (e.kind === 'note') rows.push({ ...base, kind: 'note', feedback: [e.feedback], note: e.note });
    else {
      rows.push({ ...base, kind: 'status', feedback: [e.feedback], status: e.status });
      const before = lastNoteOfStatus.get(e.feedback);
      lastNoteOfStatus.set(e.feedback, e.note);
      if (e.note !== undefined && e.note !== before) rows.push({ ...base, kind: 'note', feedback: [e.feedback], note: e.note, reason: null });
    }
  }
  return rows;
}

/**
 * Feedback work from `feedback-events.jsonl`: every status set, note and erasure, in order (a
 * thread reads oldest first by row), each once (by kind, feedback, person and microsecond: never
 * by its text, so a note an erasure on the database rewrote is not brought back), then
 * each feedback's status as the last status event left it, unless it was set later on the database.
 */
export async function importFeedbackWork(tx: Tx, dataDir: string): Promise<WorkReport['feedbackWork']> {
  const events = (await readJournal<FeedbackEvent>(join(dataDir, FEEDBACK_EVENTS_FILE))) as (FeedbackEvent & { seq: number })[];
  const rows = eventRows(events);
  const counts = { read: events.length, imported: 0, statuses: 0, notes: 0, erasures: 0 };
  if (rows.length === 0) return counts;
  const { rows: added } = await tx.query<{ kind: EventRow['kind'] }>(
    `INSERT INTO feedback_events (kind, feedback, status, note, actor, at, reason, outbox_messages)
     SELECT r.kind, r.feedback, r.status, r.note, r.actor, r.at, r.reason, r.outbox_messages
     FROM json_to_recordset($1) AS r(kind text, feedback bigint[], status text, note text, actor text, at timestamp(6), reason text, outbox_messages integer, n bigint)
     WHERE NOT EXISTS (SELECT 1 FROM feedback_events e WHERE e.kind = r.kind AND e.feedback = r.feedback AND e.actor = r.actor AND e.at = r.at)
     ORDER BY r.n
     RETURNING kind`,
    [JSON.stringify(rows.map((r, n) => ({ ...r, feedback: `{${r.feedback.join(',')}}`, n })))],
  );
  for (const { kind } of added) counts[kind === 'status' ? 'statuses' : kind === 'note' ? 'notes' : 'erasures']++;
  counts.imported = added.length;
  const latest = new Map<number, EventRow>();
  for (const r of rows) if (r.kind === 'status') latest.set(r.feedback[0]!, r);
  await tx.query(
    `UPDATE feedback f SET status = r.status, status_by = r.actor, status_at = r.at,
       note = (SELECT e.note FROM feedback_events e WHERE e.kind = 'note' AND e.feedback[1] = f.id ORDER BY e.id DESC LIMIT 1)
     FROM json_to_recordset($1) AS r(id bigint, status text, actor text, at timestamp(6))
     WHERE f.id = r.id AND (f.status_at IS NULL OR f.status_at < r.at)`,
    [JSON.stringify([...latest].map(([id, r]) => ({ id, status: r.status, actor: r.actor, at: r.at })))],
  );
  return counts;
}

/**
 * Catalogue drafts from `catalog-drafts.jsonl`, each draft under its number (the console's links
 * and the activity log name it) and each event once; new drafts are numbered after them. A number
 * the database gave another draft is refused.
 */
export async function importDrafts(tx: Tx, dataDir: string): Promise<WorkReport['drafts']> {
  const events = (await readJournal<DraftEvent>(join(dataDir, DRAFTS_FILE))).map(({ seq: _seq, ...event }) => event as DraftEvent);
  const drafts = new Set(events.map((e) => e.draft)).size;
  if (events.length === 0) return { read: 0, imported: 0, drafts: 0 };
  const rows = events.map((e) => ({ draft: e.draft, version: e.version, at: e.at, action: e.action, actor: e.actor, actor_id: e.actor_id, comment: e.comment ?? null, change: e.change ?? null, seq: e.catalog_seq ?? null, form_key: e.form_key ?? null }));
  await tx.query('LOCK TABLE catalog_draft_events IN EXCLUSIVE MODE');
  const { rows: clashes } = await tx.query<{ draft: string }>(
    `SELECT d.draft FROM catalog_draft_events d JOIN json_to_recordset($1) AS r(draft bigint, version integer, at text, actor_id text)
     ON r.draft = d.draft AND r.version = d.version WHERE d.at <> r.at OR d.actor_id <> r.actor_id LIMIT 1`,
    [JSON.stringify(rows)],
  );
  if (clashes.length > 0) throw new CommandRefusal(`the database already holds another draft numbered ${clashes[0]!.draft}: import into a database that has no drafts yet`);
  const { rowCount } = await tx.query(
    `INSERT INTO catalog_draft_events (draft, version, at, action, actor, actor_id, comment, change, seq, form_key)
     SELECT draft, version, at, action, actor, actor_id, comment, change, seq, form_key
     FROM json_to_recordset($1) AS r(draft bigint, version integer, at text, action text, actor text, actor_id text, comment text, change json, seq bigint, form_key text)
     ON CONFLICT (draft, version) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  await tx.query(`SELECT setval('catalog_draft_ids', GREATEST((SELECT max(draft) FROM catalog_draft_events), (SELECT last_value FROM catalog_draft_ids)))`);
  return { read: events.length, imported: rowCount ?? 0, drafts };
}

/**
 * The restore lineage of `restore-lineage.json`, carried rather than begun anew: a replica's
 * witness that saw the box's tick finds the same history on the database (no restore is
 * reported for the move), and a box restored from an older backup and imported again is seen
 * for what it is, a history gone back. The restores noticed go with it (an unconfirmed one still
 * holds rollouts until a person confirms it). A database with a lineage of its own keeps it.
 */
export async function importLineage(tx: Tx, dataDir: string): Promise<WorkReport['lineage']> {
  const text = await readFile(join(dataDir, LINEAGE_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  const { mark, events } = text === null ? { mark: null, events: [] } : (JSON.parse(text) as { mark: LineageMark | null; events: RestoreEvent[] });
  if (mark === null) return { lineage: null, tick: 0, outcome: null, restores: { read: events.length, imported: 0 } };
  await tx.query('INSERT INTO restore_lineage (lineage, tick, ticked_at) VALUES ($1, $2, $3) ON CONFLICT (only_row) DO NOTHING', [mark.lineage, mark.tick, mark.ticked_at]);
  const { rows } = await tx.query<{ lineage: string; tick: string }>('SELECT lineage, tick FROM restore_lineage FOR UPDATE');
  const held = rows[0]!;
  if (held.lineage !== mark.lineage) return { lineage: held.lineage, tick: Number(held.tick), outcome: 'own', restores: { read: events.length, imported: 0 } };
  let imported = 0;
  for (const e of events) {
    const { rowCount } = await tx.query(
      `INSERT INTO restore_event (id, detected_at, detected_by, restored_to_tick, restored_to, seen_tick, confirmed_at, confirmed_by, confirm_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [e.id, e.detected_at, e.detected_by, e.restored_to_tick, e.restored_to, e.seen_tick, e.confirmed_at, e.confirmed_by, e.confirm_reason],
    );
    imported += rowCount ?? 0;
  }
  return { lineage: mark.lineage, tick: Number(held.tick), outcome: 'carried', restores: { read: events.length, imported } };
}
