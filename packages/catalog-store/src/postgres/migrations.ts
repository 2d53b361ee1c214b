import type { Migration } from '@companion/database';

/**
 * The catalogue's tables. `catalog_head` is one row holding the last seq: a commit takes its
 * row lock first, so checks and records are serialized across replicas and seqs are gapless and
 * commit in seq order. `catalog_entries` is each logged Flag's state after its latest record
 * (entry null: deleted), the state a change is checked against. Entries are `json`, not
 * `jsonb`, so their fields keep the order they were written in.
 */
export const CATALOG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'catalogue operation log',
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
      );`,
  },
];

/** The channel a commit notifies (its payload: the last seq it wrote). */
export const CATALOG_CHANNEL = 'catalog_ops';
