import type { Migration } from '@companion/database';

/** The feedback store's schema steps: only ever added to, never edited once shipped. */
export const FEEDBACK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'feedback and its daily counts',
    change: 'expand',
    sql: `
      CREATE TABLE feedback (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- chosen before the insert, so a commit whose answer was lost can be looked up
        receipt uuid NOT NULL UNIQUE,
        created_at timestamp(6) NOT NULL,
        type text NOT NULL CHECK (type IN ('bug', 'suggestion', 'question', 'other')),
        content text NOT NULL,
        contact text,
        client_version text,
        platform text,
        user_ip text NOT NULL
      );
      CREATE INDEX feedback_by_type ON feedback (type, id DESC);
      -- Stats read this, never the feedback table: its size grows by days, not by submissions.
      CREATE TABLE feedback_daily (
        day date NOT NULL,
        type text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (day, type)
      );`,
  },
  {
    version: 2,
    name: 'feedback statuses, notes and the log of statuses and erasures',
    change: 'expand',
    sql: `
      ALTER TABLE feedback
        ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'triaged', 'planned', 'done', 'spam')),
        ADD COLUMN note text,
        ADD COLUMN status_by text,
        ADD COLUMN status_at timestamp(6);
      CREATE INDEX feedback_by_status ON feedback (status, id DESC);
      -- Who set which status or erased what, and when; ids only, never an erased address.
      CREATE TABLE feedback_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('status', 'erasure')),
        feedback bigint[] NOT NULL,
        status text,
        note text,
        actor text NOT NULL,
        at timestamp(6) NOT NULL,
        reason text
      );`,
  },
  {
    version: 3,
    name: 'mail outbox messages an erasure erased',
    change: 'expand',
    sql: `ALTER TABLE feedback_events ADD COLUMN outbox_messages integer;`,
  },
  {
    version: 4,
    name: 'client versions as the update check reads them',
    change: 'expand',
    // v1.12.0 and 1.12.0+build.5 are 1.12.0, as new feedback is stored (clientVersion in @companion/schema).
    sql: `UPDATE feedback SET client_version = regexp_replace(regexp_replace(client_version, '^v', ''), '\\+.*$', '') WHERE client_version ~ '^v|\\+';`,
  },
  {
    version: 5,
    name: 'notes as a thread per feedback, each with its author',
    // Old replicas run on: they read and write the status and the note column as before.
    change: 'expand',
    // Each note a status carried becomes a note of the thread by the person who set that status,
    // unless it is the note the status before carried (a status form sent it again unchanged).
    sql: `
      ALTER TABLE feedback_events DROP CONSTRAINT feedback_events_kind_check;
      ALTER TABLE feedback_events ADD CONSTRAINT feedback_events_kind_check CHECK (kind IN ('status', 'erasure', 'note'));
      INSERT INTO feedback_events (kind, feedback, note, actor, at)
      SELECT 'note', feedback, note, actor, at FROM (
        SELECT id, feedback, note, actor, at, lag(note) OVER (PARTITION BY feedback[1] ORDER BY id) AS before
        FROM feedback_events WHERE kind = 'status') AS statuses
      WHERE note IS NOT NULL AND note IS DISTINCT FROM before ORDER BY id;
      CREATE INDEX feedback_events_notes ON feedback_events ((feedback[1]), id) WHERE kind = 'note';`,
  },
];
