import type { Migration } from '@companion/database';

/**
 * The adoption store's schema. 1-3 kept one row per install, day and facts (install_activity);
 * 4 keeps daily figures instead, and per-install state only where exactness needs it:
 *
 * - `install_day`: which installs were seen on a day, one row per install, its `seen` the lines
 *   `version TAB platform TAB offered` met that day (between newlines). Only to tell a new row
 *   from one counted already, so only the days still receiving rows are kept (partitions of one
 *   day, dropped whole); rows of a day before `install_day_floor.day` are no longer counted.
 * - `install_release`: per install and release, the first day seen on it, the first day a check
 *   from another version was offered it, and the first day it then checked in from it. Votes,
 *   uptake and `unoffered` read it; rows whose days are all past retention are deleted.
 * - `daily_installs` (version '' = every version, platform '*' = every platform),
 *   `daily_uptake`, `daily_votes`: what counts, uptake and guards read, added to as rows arrive.
 * - `bug_vote`: one per day, release and install, and per day, release and network.
 *
 * Install and network hashes are kept as their 16 bytes (see installKey).
 */
export const ADOPTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'install activity',
    change: 'expand',
    sql: `
      CREATE TABLE install_activity (
        day date NOT NULL,
        install text NOT NULL,
        version text NOT NULL,
        channel text NOT NULL,
        platform text NOT NULL,
        arch text NOT NULL,
        PRIMARY KEY (day, install, version, channel, platform, arch)
      );
      CREATE TABLE adoption_secret (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        secret bytea NOT NULL
      );`,
  },
  {
    version: 2,
    name: 'the version each check offered',
    change: 'breaking',
    sql: `
      ALTER TABLE install_activity ADD COLUMN offered text NOT NULL DEFAULT '';
      ALTER TABLE install_activity DROP CONSTRAINT install_activity_pkey;
      ALTER TABLE install_activity ADD PRIMARY KEY (day, install, version, channel, platform, arch, offered);
      CREATE INDEX install_activity_offers ON install_activity (offered, install, day) WHERE offered <> '';
      CREATE INDEX install_activity_versions ON install_activity (version, install, day);`,
  },
  {
    version: 3,
    name: 'the key install credentials are signed with',
    change: 'expand',
    sql: `ALTER TABLE adoption_secret ADD COLUMN credential_key bytea;`,
  },
  {
    version: 4,
    name: 'daily figures instead of a row per install and day',
    change: 'breaking',
    // Runs as long as the rows it moves need (not the service's statement timeout): `pnpm db:migrate` ahead of a deploy.
    sql: `
      SET LOCAL statement_timeout = 0;
      CREATE TABLE install_day (
        day date NOT NULL,
        install bytea NOT NULL,
        seen text NOT NULL,
        PRIMARY KEY (day, install)
      ) PARTITION BY RANGE (day);
      CREATE TABLE install_day_floor (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        day date
      );
      CREATE TABLE install_release (
        first_day date,
        offered_day date,
        took_day date,
        install bytea NOT NULL,
        version text NOT NULL,
        PRIMARY KEY (install, version)
      );
      CREATE INDEX install_release_expiry ON install_release ((greatest(first_day, offered_day, took_day)));
      CREATE TABLE daily_installs (
        day date NOT NULL,
        version text NOT NULL,
        platform text NOT NULL,
        installs bigint NOT NULL,
        unoffered bigint NOT NULL,
        PRIMARY KEY (day, version, platform)
      );
      CREATE TABLE daily_uptake (
        version text NOT NULL,
        day date NOT NULL,
        offered bigint NOT NULL,
        took bigint NOT NULL,
        PRIMARY KEY (version, day)
      );
      CREATE TABLE bug_vote (
        day date NOT NULL,
        version text NOT NULL,
        install bytea NOT NULL,
        network bytea NOT NULL,
        PRIMARY KEY (day, version, install),
        UNIQUE (day, version, network)
      );
      CREATE TABLE daily_votes (
        day date NOT NULL,
        version text NOT NULL,
        votes bigint NOT NULL,
        PRIMARY KEY (day, version)
      );

      -- What install_activity held, in the new shape: the same figures the old queries gave.
      CREATE TEMP TABLE moved_install ON COMMIT DROP AS
        SELECT install, CASE WHEN install ~ '^[A-Za-z0-9_-]{21}[AQgw]$' THEN decode(translate(install, '-_', '+/') || '==', 'base64')
                             WHEN octet_length(install) = 16 THEN convert_to(install, 'UTF8') || '\\x00'::bytea
                             ELSE convert_to(install, 'UTF8') END AS key
        FROM (SELECT DISTINCT install FROM install_activity) AS held;
      CREATE TEMP TABLE moved_release ON COMMIT DROP AS
        WITH seen AS (
          SELECT install, version, min(day) AS first_day FROM install_activity GROUP BY install, version
        ), offers AS (
          SELECT install, offered AS version, min(day) AS offered_day FROM install_activity
          WHERE offered <> '' AND offered <> version GROUP BY install, offered
        ), takes AS (
          SELECT a.install, a.version, min(a.day) AS took_day FROM install_activity a
          JOIN offers o ON o.install = a.install AND o.version = a.version AND a.day >= o.offered_day
          GROUP BY a.install, a.version
        )
        SELECT install, version, s.first_day, o.offered_day, t.took_day
        FROM seen s FULL JOIN offers o USING (install, version) LEFT JOIN takes t USING (install, version);
      INSERT INTO install_release (first_day, offered_day, took_day, install, version)
        SELECT r.first_day, r.offered_day, r.took_day, m.key, r.version FROM moved_release r JOIN moved_install m USING (install);
      INSERT INTO daily_installs (day, version, platform, installs, unoffered)
        SELECT day, CASE WHEN GROUPING(version) = 1 THEN '' ELSE version END, CASE WHEN GROUPING(platform) = 1 THEN '*' ELSE platform END,
               count(DISTINCT install), 0
        FROM install_activity GROUP BY GROUPING SETS ((day), (day, version), (day, platform), (day, version, platform));
      UPDATE daily_installs d SET unoffered = u.installs
        FROM (
          SELECT a.day, a.version, count(DISTINCT a.install) AS installs FROM install_activity a JOIN moved_release r USING (install, version)
          WHERE NOT coalesce(r.offered_day <= r.first_day, false) GROUP BY a.day, a.version
        ) u
        WHERE d.day = u.day AND d.version = u.version AND d.platform = '*';
      INSERT INTO daily_uptake (version, day, offered, took)
        SELECT version, day, sum(offered), sum(took) FROM (
          SELECT version, offered_day AS day, 1 AS offered, 0 AS took FROM moved_release WHERE offered_day IS NOT NULL
          UNION ALL
          SELECT version, took_day, 0, 1 FROM moved_release WHERE took_day IS NOT NULL
        ) AS moves GROUP BY version, day;

      -- The newest two days may still receive rows: what was seen on them, to tell new rows from counted ones.
      DO $$
      DECLARE held date;
      BEGIN
        FOR held IN SELECT DISTINCT day FROM install_activity WHERE day >= (SELECT max(day) - 1 FROM install_activity) LOOP
          EXECUTE format('CREATE TABLE %I PARTITION OF install_day FOR VALUES FROM (%L) TO (%L)', 'install_day_' || to_char(held, 'YYYYMMDD'), held, held + 1);
        END LOOP;
      END $$;
      INSERT INTO install_day (day, install, seen)
        SELECT a.day, m.key, chr(10) || string_agg(DISTINCT a.version || chr(9) || a.platform || chr(9) || a.offered, chr(10)) || chr(10)
        FROM install_activity a JOIN moved_install m USING (install)
        WHERE a.day >= (SELECT max(day) - 1 FROM install_activity) GROUP BY a.day, m.key;
      INSERT INTO install_day_floor (day) SELECT max(day) - 1 FROM install_activity;
      DROP TABLE install_activity;`,
  },
];
