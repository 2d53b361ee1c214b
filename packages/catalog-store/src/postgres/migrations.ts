import type { Migration } from '@companion/database';

/**
 * The catalogue's tables. `catalog_head` is one row holding the last seq: a commit takes its
 * row lock first, so checks and records are serialized across replicas, and seqs are gapless
 * and commit in seq order. `catalog_entries` is each logged Flag's state after its latest record
 * (entry null: deleted) and that record's seq. Entries are `json`, not `jsonb`, so their fields
 * keep the order they were written in.
 *
 * `catalog_commit` is one batch in one statement (one round trip, committed as it ends): under
 * the head's lock it compares, for each Flag of the batch, the seq of its latest record with the
 * one the replica planned against (`bases`, 0: none). If any differs (another replica changed
 * the Flag meanwhile) it writes nothing and returns those Flags' states, for the replica to plan
 * again; otherwise it appends the records, sets the Flags' states and the head, notifies, and
 * returns the first seq.
 */
export const CATALOG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'catalogue operation log',
    change: 'expand',
    sql: `
      CREATE TABLE catalog_head (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        seq bigint NOT NULL
      );
      INSERT INTO catalog_head (seq) VALUES (0);
      CREATE TABLE catalog_ops (
        seq bigint PRIMARY KEY,
        batch_id uuid NOT NULL,
        timestamp text NOT NULL,
        operation text NOT NULL CHECK (operation IN ('CREATE', 'UPDATE', 'DELETE')),
        flag text NOT NULL,
        user_ip text NOT NULL,
        actor text NOT NULL,
        entry json NOT NULL
      );
      CREATE INDEX catalog_ops_batch ON catalog_ops (batch_id);
      CREATE TABLE catalog_entries (
        flag text PRIMARY KEY,
        entry json,
        seq bigint NOT NULL
      );
      CREATE FUNCTION catalog_commit(batch uuid, bases json, changes json) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stale json;
        n bigint := json_array_length(changes);
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(json_build_object('flag', b.flag, 'entry', e.entry, 'seq', COALESCE(e.seq, 0))) INTO stale
          FROM json_to_recordset(bases) AS b(flag text, seq bigint)
          LEFT JOIN catalog_entries e ON e.flag = b.flag
          WHERE COALESCE(e.seq, 0) <> b.seq;
        IF stale IS NOT NULL OR n = 0 THEN
          RETURN json_build_object('stale', stale, 'first', head + 1);
        END IF;
        INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry)
          SELECT head + r.at, batch, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry
          FROM json_to_recordset(changes) AS r(at bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json);
        INSERT INTO catalog_entries (flag, entry, seq)
          SELECT DISTINCT ON (r.flag) r.flag, CASE WHEN r.operation = 'DELETE' THEN NULL ELSE r.entry END, head + r.at
          FROM json_to_recordset(changes) AS r(at bigint, operation text, flag text, entry json)
          ORDER BY r.flag, r.at DESC
          ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, seq = EXCLUDED.seq;
        UPDATE catalog_head SET seq = head + n;
        PERFORM pg_notify('catalog_ops', (head + n)::text);
        RETURN json_build_object('stale', NULL, 'first', head + 1);
      END
      $fn$;`,
  },
  {
    version: 2,
    name: 'catalogue merged with the repository',
    change: 'breaking',
    // Each record carries the API's state of its Flag (see EntryState); the log gets an id that
    // catalog-exports.yaml names it by. catalog_commit returns a stale Flag's state too.
    sql: `
      ALTER TABLE catalog_ops ADD COLUMN state json;
      ALTER TABLE catalog_entries ADD COLUMN state json;
      CREATE TABLE catalog_log (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        log_id uuid NOT NULL DEFAULT gen_random_uuid()
      );
      INSERT INTO catalog_log DEFAULT VALUES;
      CREATE OR REPLACE FUNCTION catalog_commit(batch uuid, bases json, changes json) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stale json;
        n bigint := json_array_length(changes);
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(json_build_object('flag', b.flag, 'state', e.state, 'seq', COALESCE(e.seq, 0))) INTO stale
          FROM json_to_recordset(bases) AS b(flag text, seq bigint)
          LEFT JOIN catalog_entries e ON e.flag = b.flag
          WHERE COALESCE(e.seq, 0) <> b.seq;
        IF stale IS NOT NULL OR n = 0 THEN
          RETURN json_build_object('stale', stale, 'first', head + 1);
        END IF;
        INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry, state)
          SELECT head + r.at, batch, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry, r.state
          FROM json_to_recordset(changes) AS r(at bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json, state json);
        INSERT INTO catalog_entries (flag, entry, state, seq)
          SELECT DISTINCT ON (r.flag) r.flag, CASE WHEN r.operation = 'DELETE' THEN NULL ELSE r.entry END, r.state, head + r.at
          FROM json_to_recordset(changes) AS r(at bigint, operation text, flag text, entry json, state json)
          ORDER BY r.flag, r.at DESC
          ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, state = EXCLUDED.state, seq = EXCLUDED.seq;
        UPDATE catalog_head SET seq = head + n;
        PERFORM pg_notify('catalog_ops', (head + n)::text);
        RETURN json_build_object('stale', NULL, 'first', head + 1);
      END
      $fn$;`,
  },
  {
    version: 3,
    name: 'catalogue commits with a deadline',
    change: 'expand',
    // The same commit, refusing itself past the deadline the replica sends (see WriteDeadline);
    // the three-argument one stays for replicas of the previous version during an upgrade.
    sql: `
      CREATE FUNCTION catalog_commit(batch uuid, bases json, changes json, deadline timestamptz) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stale json;
        n bigint := json_array_length(changes);
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(json_build_object('flag', b.flag, 'state', e.state, 'seq', COALESCE(e.seq, 0))) INTO stale
          FROM json_to_recordset(bases) AS b(flag text, seq bigint)
          LEFT JOIN catalog_entries e ON e.flag = b.flag
          WHERE COALESCE(e.seq, 0) <> b.seq;
        IF stale IS NOT NULL OR n = 0 THEN
          RETURN json_build_object('stale', stale, 'first', head + 1);
        END IF;
        INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry, state)
          SELECT head + r.at, batch, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry, r.state
          FROM json_to_recordset(changes) AS r(at bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json, state json);
        INSERT INTO catalog_entries (flag, entry, state, seq)
          SELECT DISTINCT ON (r.flag) r.flag, CASE WHEN r.operation = 'DELETE' THEN NULL ELSE r.entry END, r.state, head + r.at
          FROM json_to_recordset(changes) AS r(at bigint, operation text, flag text, entry json, state json)
          ORDER BY r.flag, r.at DESC
          ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, state = EXCLUDED.state, seq = EXCLUDED.seq;
        UPDATE catalog_head SET seq = head + n;
        -- Last, just before it commits: a statement held up in transit or behind a lock refuses itself.
        IF clock_timestamp() > deadline THEN
          RAISE EXCEPTION 'the commit arrived after its deadline' USING ERRCODE = '57014';
        END IF;
        PERFORM pg_notify('catalog_ops', (head + n)::text);
        RETURN json_build_object('stale', NULL, 'first', head + 1);
      END
      $fn$;`,
  },
  {
    version: 4,
    name: 'catalogue changes with a reason',
    change: 'expand',
    // A change may say why it was made; the commit stores it beside the actor. A replica of the
    // previous version sends no reason, which stays null.
    sql: `
      ALTER TABLE catalog_ops ADD COLUMN reason text;
      CREATE OR REPLACE FUNCTION catalog_commit(batch uuid, bases json, changes json, deadline timestamptz) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stale json;
        n bigint := json_array_length(changes);
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(json_build_object('flag', b.flag, 'state', e.state, 'seq', COALESCE(e.seq, 0))) INTO stale
          FROM json_to_recordset(bases) AS b(flag text, seq bigint)
          LEFT JOIN catalog_entries e ON e.flag = b.flag
          WHERE COALESCE(e.seq, 0) <> b.seq;
        IF stale IS NOT NULL OR n = 0 THEN
          RETURN json_build_object('stale', stale, 'first', head + 1);
        END IF;
        INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry, state, reason)
          SELECT head + r.at, batch, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry, r.state, r.reason
          FROM json_to_recordset(changes) AS r(at bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json, state json, reason text);
        INSERT INTO catalog_entries (flag, entry, state, seq)
          SELECT DISTINCT ON (r.flag) r.flag, CASE WHEN r.operation = 'DELETE' THEN NULL ELSE r.entry END, r.state, head + r.at
          FROM json_to_recordset(changes) AS r(at bigint, operation text, flag text, entry json, state json)
          ORDER BY r.flag, r.at DESC
          ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, state = EXCLUDED.state, seq = EXCLUDED.seq;
        UPDATE catalog_head SET seq = head + n;
        -- Last, just before it commits: a statement held up in transit or behind a lock refuses itself.
        IF clock_timestamp() > deadline THEN
          RAISE EXCEPTION 'the commit arrived after its deadline' USING ERRCODE = '57014';
        END IF;
        PERFORM pg_notify('catalog_ops', (head + n)::text);
        RETURN json_build_object('stale', NULL, 'first', head + 1);
      END
      $fn$;`,
  },
  {
    version: 5,
    name: 'catalogue log ancestors',
    change: 'expand',
    // A log restored below what catalog-exports.yaml says was exported takes a new id; the ids it
    // had before, each with the last seq it shares with them, say what the exports hold of it.
    sql: `ALTER TABLE catalog_log ADD COLUMN ancestors jsonb NOT NULL DEFAULT '[]';`,
  },
  {
    version: 6,
    name: 'catalogue restores name their version',
    change: 'expand',
    // A restore records the number of the version it brought back. A replica of the previous
    // version sends none, which stays null.
    sql: `
      ALTER TABLE catalog_ops ADD COLUMN restored integer;
      CREATE OR REPLACE FUNCTION catalog_commit(batch uuid, bases json, changes json, deadline timestamptz) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stale json;
        n bigint := json_array_length(changes);
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(json_build_object('flag', b.flag, 'state', e.state, 'seq', COALESCE(e.seq, 0))) INTO stale
          FROM json_to_recordset(bases) AS b(flag text, seq bigint)
          LEFT JOIN catalog_entries e ON e.flag = b.flag
          WHERE COALESCE(e.seq, 0) <> b.seq;
        IF stale IS NOT NULL OR n = 0 THEN
          RETURN json_build_object('stale', stale, 'first', head + 1);
        END IF;
        INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry, state, reason, restored)
          SELECT head + r.at, batch, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry, r.state, r.reason, r.restored
          FROM json_to_recordset(changes) AS r(at bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json, state json, reason text, restored integer);
        INSERT INTO catalog_entries (flag, entry, state, seq)
          SELECT DISTINCT ON (r.flag) r.flag, CASE WHEN r.operation = 'DELETE' THEN NULL ELSE r.entry END, r.state, head + r.at
          FROM json_to_recordset(changes) AS r(at bigint, operation text, flag text, entry json, state json)
          ORDER BY r.flag, r.at DESC
          ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, state = EXCLUDED.state, seq = EXCLUDED.seq;
        UPDATE catalog_head SET seq = head + n;
        -- Last, just before it commits: a statement held up in transit or behind a lock refuses itself.
        IF clock_timestamp() > deadline THEN
          RAISE EXCEPTION 'the commit arrived after its deadline' USING ERRCODE = '57014';
        END IF;
        PERFORM pg_notify('catalog_ops', (head + n)::text);
        RETURN json_build_object('stale', NULL, 'first', head + 1);
      END
      $fn$;`,
  },
  {
    version: 7,
    name: 'a keyed commit refuses keys held already',
    change: 'expand',
    // The 4-argument commit as before (replicas of the previous version call it), behind a check
    // made under the head's lock: a change whose Idempotency-Key is held (younger than the
    // retention, ms) is not committed, and the batch is answered with the changes ('held', their
    // \`at\`) to plan again without. Commits take the lock one at a time, so a key committed by
    // another replica is seen here once that commit is done.
    sql: `
      CREATE FUNCTION catalog_commit(batch uuid, bases json, changes json, deadline timestamptz, retention_ms bigint) RETURNS json LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        held json;
      BEGIN
        SELECT seq INTO head FROM catalog_head FOR UPDATE;
        SELECT json_agg(k.at ORDER BY k.at) INTO held
          FROM json_to_recordset(changes) AS k(at bigint, idempotency json)
          JOIN idempotency_keys i ON i.owner = k.idempotency->>'owner' AND i.key = k.idempotency->>'key'
          WHERE k.idempotency IS NOT NULL AND i.created_at > now() - retention_ms * interval '1 millisecond';
        IF held IS NOT NULL THEN
          RETURN json_build_object('stale', NULL, 'held', held, 'first', head + 1);
        END IF;
        RETURN catalog_commit(batch, bases, changes, deadline);
      END
      $fn$;`,
  },
];

/** The channel a commit notifies (its payload: the last seq it wrote). */
export const CATALOG_CHANNEL = 'catalog_ops';
