import type { Migration } from '@companion/database';

/** The rollout store's schema (component `rollout-halts`, its name since halts were all it kept). */
export const ROLLOUT_HALT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'rollout halts',
    change: 'expand',
    sql: `
      CREATE TABLE rollout_halt (
        id bigserial PRIMARY KEY,
        version text NOT NULL,
        channel text NOT NULL,
        day date NOT NULL,
        halted_at timestamptz NOT NULL,
        figures jsonb NOT NULL,
        notify text[] NOT NULL,
        notified_at timestamptz,
        resumed_at timestamptz,
        resumed_by text
      );
      -- One halt in force per version: two replicas tripping at once record it once.
      CREATE UNIQUE INDEX rollout_halt_in_force ON rollout_halt (version) WHERE resumed_at IS NULL;`,
  },
  {
    version: 2,
    name: 'halts by people, with their reasons',
    change: 'breaking',
    sql: `
      ALTER TABLE rollout_halt ADD COLUMN halted_by text NOT NULL DEFAULT 'guard';
      ALTER TABLE rollout_halt ADD COLUMN reason text;
      ALTER TABLE rollout_halt ADD COLUMN resume_reason text;
      -- A person's halt has no figures.
      ALTER TABLE rollout_halt ALTER COLUMN figures DROP NOT NULL;`,
  },
  {
    version: 3,
    name: 'rollout share settings',
    change: 'expand',
    sql: `
      CREATE TABLE rollout_share (
        id bigserial PRIMARY KEY,
        version text NOT NULL,
        channel text NOT NULL,
        rollout smallint NOT NULL CHECK (rollout BETWEEN 0 AND 100),
        file_rollout smallint,
        replaces bigint REFERENCES rollout_share (id),
        set_at timestamptz NOT NULL,
        set_by text NOT NULL,
        reason text NOT NULL,
        superseded_at timestamptz,
        superseded_by_rollout smallint
      );
      -- Each setting follows one (the first follows none): two people setting a share at once
      -- on two replicas, one is recorded and the other told.
      CREATE UNIQUE INDEX rollout_share_chain ON rollout_share (version, COALESCE(replaces, 0));`,
  },
];

/** Replicas are woken on this channel when a halt or a share setting is recorded or changed. */
export const ROLLOUT_CHANNEL = 'rollout_halt';
