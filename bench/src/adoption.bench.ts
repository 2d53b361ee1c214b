import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, type ActivityRow } from '@companion/adoption-store';
import { ADOPTION_MIGRATIONS, openPgAdoptionStore } from '@companion/adoption-store/postgresql';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { recordRows, type BenchRow } from './report';
import { median, ms, time } from './stats';

// The adoption store on PostgreSQL (`pnpm bench adoption`) at 1M and 10M installs active a day,
// 90 days kept. Ninety days of rows through add() would take hours, so the past is written with
// SQL (generate_series): the daily figures of 90 days, every install's releases as they stand
// (about 2.6 rows an install), yesterday's and the day before's install_day partitions at full
// size. Then one whole day goes through the store's add() in flushes of FLUSH_ROWS rows, in turn
// with the same rows INSERTed into a bare table (one multi-row INSERT and its commit per flush,
// the floor of any design) and into the old design's install_activity (its key, its two indexes,
// its 2,000-row VALUES statements), same client, same cluster, durability as shipped. Then the
// reads the service makes, a prune, and bytes per install-day over the store's tables. The old
// design's count(DISTINCT) over its one day is the reference for the reads. Last, migration 4 on a
// day of the old design's rows. Figures only; it exits non-zero when it could not measure.

const SIZES = (process.env.BENCH_ADOPTION_SIZES ?? '1000000,10000000').split(',').map(Number);
/** Rows per flush: 10M installs a day seen by one replica, flushed every 30 s, is about 3,600. */
const FLUSH_ROWS = 5000;
/** Flushes of each kind in a turn, between CPU readings. */
const TURN = 20;
const READS = 15;
const RETENTION = 90;
const TODAY = '2026-11-30';
const OLD_DESIGN_UP_TO = Number(process.env.BENCH_ADOPTION_OLD_UP_TO ?? 1_000_000);
/** Days of the old design's rows migrated, at the smallest size (a day: about a minute on a loaded 2-core machine). */
const MIGRATED_DAYS = 1;

const skip = clusterUnavailable();
if (skip) {
  console.error(`${skip}: nothing measured`);
  process.exit(1);
}

// pg_stat_statements says where the server's time went, statement by statement; shared_buffers
// and max_wal_size sized for the tables (5 GB at 10M installs), as a server for this many would
// be; fsync and synchronous_commit as shipped.
const cluster = await TempCluster.start({ settings: { shared_buffers: "'2GB'", shared_preload_libraries: "'pg_stat_statements'", max_wal_size: "'4GB'" } });
const rows: BenchRow[] = [];
const opened: Database[] = [];
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;
const fmt = (n: number) => n.toLocaleString('en');

/** CPU seconds of the cluster's processes: the postmaster, what it reaped of backends that ended, and its live children (from /proc). */
function serverCpu(): number {
  const postmaster = Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended between the listing and the read
    }
  }
  return ticks / 100;
}
const clientCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const VERSIONS = ['1.9.0', '1.10.0', '1.11.0', '1.12.0'];
const PLATFORMS = ['windows', 'windows', 'windows', 'macos', 'macos', 'linux', 'windows'];
const installId = (i: number) => createHash('md5').update(String(i)).digest().toString('base64url');
const platformOf = (i: number) => (i % 50 === 0 ? '' : PLATFORMS[i % 7]!);

/**
 * What install `i` reports today, by i % 100: 20 % on 1.12.0; 30 % on 1.11.0 offered 1.12.0
 * (offered before; 3 % take it today); 10 % on 1.11.0 offered it for the first time; 29 % on
 * 1.11.0 not offered it; 10 % on 1.10.0 offered it; 1 % new installs downloading 1.12.0.
 */
function todayRows(i: number): ActivityRow[] {
  const m = i % 100;
  const row = (version: string, offered = '', install = installId(i)): ActivityRow => ({ day: TODAY, install, version, channel: 'stable', platform: platformOf(i), arch: 'x64', offered });
  if (m < 20) return [row('1.12.0')];
  if (m < 23) return [row('1.11.0', '1.12.0'), row('1.12.0')];
  if (m < 60) return [row('1.11.0', '1.12.0')];
  if (m < 89) return [row('1.11.0')];
  if (m < 99) return [row('1.10.0', '1.12.0')];
  return [row('1.12.0', '', installId(i + 1_000_000_000))];
}

/** The past, written with SQL as 90 days of flushes would have left it (see todayRows for who is where). */
async function fillPast(slowDb: Database, n: number): Promise<void> {
  const day = (back: number) => addDays(TODAY, -back);
  const db = {
    query: async <R extends object = Record<string, unknown>>(text: string, values?: unknown[]) => {
      const started = performance.now();
      const result = await slowDb.query<R>(text, values);
      if (process.env.BENCH_ADOPTION_FILL_STEPS) console.log(`    fill ${ms(performance.now() - started)}: ${text.replace(/\s+/g, ' ').slice(0, 70)}`);
      return result;
    },
  };
  // Indexes built after the rows rather than kept up row by row: the same indexes, made faster.
  const { rows: indexes } = await db.query<{ name: string; def: string; pkey: boolean }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def, x.indisprimary AS pkey FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = 'install_release'::regclass`,
  );
  for (const index of indexes) await db.query(index.pkey ? `ALTER TABLE install_release DROP CONSTRAINT ${index.name}` : `DROP INDEX ${index.name}`);
  await db.query(
    `INSERT INTO install_release (first_day, offered_day, took_day, install, version)
     SELECT r.first_day, r.offered_day, r.took_day, k.install, r.version
     FROM generate_series(1, $1::int) AS i, LATERAL (SELECT decode(md5(i::text), 'hex') AS install) AS k, LATERAL (VALUES
       ('1.10.0', $2::date - 61 - i % 30, NULL::date, NULL::date, i % 100 < 99),
       ('1.11.0', $2::date - 20 - i % 20, $2::date - 21 - i % 20, $2::date - 20 - i % 20, i % 100 < 89),
       ('1.12.0', $2::date - 1 - i % 5, $2::date - 1 - i % 5, $2::date - 1 - i % 5, i % 100 < 20),
       ('1.12.0', NULL, $2::date - 1 - i % 5, NULL, i % 100 >= 20 AND i % 100 < 50 OR i % 100 >= 89 AND i % 100 < 99)
     ) AS r(version, first_day, offered_day, took_day, held)
     WHERE r.held`,
    [n, TODAY],
  );
  await db.query("SET maintenance_work_mem = '1GB'");
  await db.query("SET work_mem = '1GB'");
  for (const index of indexes) {
    await db.query(index.def);
    if (index.pkey) await db.query(`ALTER TABLE install_release ADD CONSTRAINT ${index.name} PRIMARY KEY USING INDEX ${index.name}`);
  }

  // Yesterday's installs, in key order (so the index is appended to); the day before's, the same.
  for (const back of [1, 2]) await db.query(`CREATE TABLE install_day_${day(back).replaceAll('-', '')} PARTITION OF install_day FOR VALUES FROM ('${day(back)}') TO ('${day(back - 1)}')`);
  await db.query(
    `INSERT INTO install_day (day, install, seen)
     SELECT $2::date, decode(md5(i::text), 'hex'),
            chr(10) || CASE WHEN i % 100 < 20 THEN '1.12.0' || chr(9) || p || chr(9)
                            WHEN i % 100 < 89 THEN '1.11.0' || chr(9) || p || chr(9) || CASE WHEN i % 100 < 50 THEN '1.12.0' ELSE '' END
                            ELSE '1.10.0' || chr(9) || p || chr(9) || '1.12.0' END || chr(10)
     FROM generate_series(1, $1::int) AS i, LATERAL (SELECT CASE WHEN i % 50 = 0 THEN '' ELSE (ARRAY['windows','windows','windows','macos','macos','linux','windows'])[1 + i % 7] END AS p) AS platform
     ORDER BY 2`,
    [n, day(1)],
  );
  await db.query('INSERT INTO install_day (day, install, seen) SELECT $2::date, install, seen FROM install_day WHERE day = $1::date', [day(1), day(2)]);
  await db.query('UPDATE install_day_floor SET day = $1::date', [day(2)]);
  // The daily figures of the 90 days before today: every version and platform, and their totals.
  await db.query(
    `INSERT INTO daily_installs (day, version, platform, installs, unoffered)
     SELECT d, v, p, ($1::bigint * (CASE WHEN v = '' THEN 100 ELSE 25 END) / 100 * (CASE WHEN p = '*' THEN 7 ELSE 2 END) / 7), $1::bigint / 200
     FROM generate_series($2::date - 90, $2::date - 1, interval '1 day') AS d, unnest($3::text[] || ARRAY['']) AS v, unnest(ARRAY['windows', 'macos', 'linux', '', '*']) AS p`,
    [n, TODAY, VERSIONS],
  );
  await db.query(
    `INSERT INTO daily_uptake (version, day, offered, took) SELECT v, d, $1::bigint / 50, $1::bigint / 60
     FROM generate_series($2::date - 90, $2::date - 1, interval '1 day') AS d, unnest($3::text[]) AS v`,
    [n, TODAY, VERSIONS],
  );
  await db.query(
    `INSERT INTO bug_vote (day, version, install, network) SELECT d, v, decode(md5(i::text), 'hex'), decode(md5('n' || i), 'hex')
     FROM generate_series($1::date - 90, $1::date - 1, interval '1 day') AS d, unnest($2::text[]) AS v, generate_series(1, 50) AS i`,
    [TODAY, VERSIONS],
  );
  await db.query('INSERT INTO daily_votes (day, version, votes) SELECT day, version, count(*) FROM bug_vote GROUP BY day, version');
  await db.query('VACUUM ANALYZE');
}

const OLD_DESIGN = `
  CREATE TABLE install_activity (
    day date NOT NULL, install text NOT NULL, version text NOT NULL, channel text NOT NULL, platform text NOT NULL, arch text NOT NULL, offered text NOT NULL DEFAULT '',
    PRIMARY KEY (day, install, version, channel, platform, arch, offered)
  );
  CREATE INDEX install_activity_offers ON install_activity (offered, install, day) WHERE offered <> '';
  CREATE INDEX install_activity_versions ON install_activity (version, install, day);
  CREATE TABLE bare_activity (day date NOT NULL, install text NOT NULL, version text NOT NULL, channel text NOT NULL, platform text NOT NULL, arch text NOT NULL, offered text NOT NULL);`;
const COLUMNS = ['day', 'install', 'version', 'channel', 'platform', 'arch', 'offered'] as const;

/** The old store's flush: VALUES of 2,000 rows, ON CONFLICT DO NOTHING. */
async function oldDesignInsert(db: Database, batch: readonly ActivityRow[]): Promise<void> {
  for (let start = 0; start < batch.length; start += 2000) {
    const part = batch.slice(start, start + 2000);
    const tuples = part.map((_, i) => `(${COLUMNS.map((_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`);
    await db.query(`INSERT INTO install_activity (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, part.flatMap((r) => COLUMNS.map((c) => r[c])));
  }
}

const bareInsert = (db: Database, batch: readonly ActivityRow[]) =>
  db.query(`INSERT INTO bare_activity SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`, COLUMNS.map((c) => batch.map((r) => r[c])));

interface Spent {
  ms: number;
  server: number;
  client: number;
}

const relationBytes = async (db: Database, like: string) =>
  Number((await db.query<{ bytes: string }>(`SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ $1`, [like])).rows[0]!.bytes);
const STORE_TABLES = '^(install_day_\\d{8}|install_day_floor|install_release|daily_installs|daily_uptake|daily_votes|bug_vote|adoption_secret)$';

/**
 * Migration 4 on a database counted the old way (`days` days of `n` installs in install_activity),
 * against copying that table once (CREATE TABLE AS): what an upgrade waits for.
 */
async function migrationFrom(n: number, days: number): Promise<{ rows: number; migrated: number; copied: number }> {
  const db = await Database.open({ url: await cluster.createDatabase('adoption_migration'), poolMax: 1, timeoutMs: 600_000 });
  opened.push(db);
  await db.migrate('adoption', ADOPTION_MIGRATIONS.filter((m) => m.version <= 3));
  await db.query(
    `INSERT INTO install_activity (day, install, version, channel, platform, arch, offered)
     SELECT $2::date - d, translate(encode(decode(md5(i::text), 'hex'), 'base64'), '+/=', '-_'), CASE WHEN i % 100 < 20 THEN '1.12.0' ELSE '1.11.0' END,
            'stable', (ARRAY['windows','windows','windows','macos','macos','linux','windows'])[1 + i % 7], 'x64', CASE WHEN i % 100 BETWEEN 20 AND 59 THEN '1.12.0' ELSE '' END
     FROM generate_series(1, $1::int) AS i, generate_series(0, $3::int - 1) AS d`,
    [n, TODAY, days],
  );
  await db.query('VACUUM ANALYZE install_activity');
  const copied = await time(() => db.query('CREATE TABLE install_activity_copy AS SELECT * FROM install_activity'));
  const migrated = await time(() => db.migrate('adoption', ADOPTION_MIGRATIONS));
  return { rows: n * days, migrated, copied };
}

const figures = new Map<number, Record<string, number>>();
try {
  for (const n of SIZES) {
    const label = n >= 1_000_000 ? `${n / 1_000_000}M` : fmt(n);
    const db = await Database.open({ url: await cluster.createDatabase(`adoption_${n}`), poolMax: 4, timeoutMs: 3000 });
    opened.push(db);
    const store = await openPgAdoptionStore(db);
    // The past and the old design's reads run past the service's 3 s statement deadline: their own connection.
    const slow = await Database.open({ url: db.config.url, poolMax: 1, timeoutMs: 1_200_000 });
    opened.push(slow);
    const filled = await time(() => fillPast(slow, n));
    await db.query(OLD_DESIGN);
    const oldDesign = n <= OLD_DESIGN_UP_TO;
    console.log(`${label}: the past written with SQL in ${ms(filled)}; now today's ${fmt(n)} installs through add()${oldDesign ? ', the bare INSERT and the old design' : ' and the bare INSERT'}, in turns of ${TURN} flushes`);
    await db.query('SELECT pg_stat_statements_reset()').catch(() => db.query('CREATE EXTENSION pg_stat_statements').then(() => db.query('SELECT pg_stat_statements_reset()')));

    const spent: Record<'store' | 'bare' | 'old', Spent> = { store: { ms: 0, server: 0, client: 0 }, bare: { ms: 0, server: 0, client: 0 }, old: { ms: 0, server: 0, client: 0 } };
    const measure = async (kind: keyof typeof spent, work: () => Promise<unknown>) => {
      const [server, client, started] = [serverCpu(), clientCpu(), performance.now()];
      await work();
      spent[kind].ms += performance.now() - started;
      spent[kind].server += serverCpu() - server;
      spent[kind].client += clientCpu() - client;
    };
    let rowsAdded = 0;
    let slowestFlush = 0;
    let next = 1;
    while (next <= n) {
      const turn: ActivityRow[][] = [];
      for (let f = 0; f < TURN && next <= n; f++) {
        const batch: ActivityRow[] = [];
        while (batch.length < FLUSH_ROWS && next <= n) batch.push(...todayRows(next++));
        turn.push(batch);
        rowsAdded += batch.length;
      }
      await measure('store', async () => {
        for (const batch of turn) slowestFlush = Math.max(slowestFlush, await time(() => store.add(batch)));
      });
      await measure('bare', async () => {
        for (const batch of turn) await bareInsert(db, batch);
      });
      if (oldDesign) {
        await measure('old', async () => {
          for (const batch of turn) await oldDesignInsert(db, batch);
        });
      }
      if (next % 1_000_000 < FLUSH_ROWS * TURN) console.log(`  ${fmt(next - 1)} installs: store ${ms(spent.store.ms)}, bare ${ms(spent.bare.ms)}${oldDesign ? `, old design ${ms(spent.old.ms)}` : ''}`);
    }
    const per1000 = (s: Spent) => ({ ms: (s.ms / rowsAdded) * 1000, server: (s.server / rowsAdded) * 1e6, client: (s.client / rowsAdded) * 1e6 });
    const [s, b, o] = [per1000(spent.store), per1000(spent.bare), per1000(spent.old)];
    console.log(`${label}: ${fmt(rowsAdded)} rows in ${Math.ceil(rowsAdded / FLUSH_ROWS)} flushes: store ${(spent.store.ms / 1000).toFixed(0)} s (slowest flush ${ms(slowestFlush)}), bare INSERT ${(spent.bare.ms / 1000).toFixed(0)} s${oldDesign ? `, old design ${(spent.old.ms / 1000).toFixed(0)} s` : ''}`);
    console.log(`  per 1,000 rows: store ${ms(s.ms)} (server CPU ${ms(s.server)}, client CPU ${ms(s.client)}), bare ${ms(b.ms)} (server ${ms(b.server)}, client ${ms(b.client)})${oldDesign ? `, old design ${ms(o.ms)} (server ${ms(o.server)}, client ${ms(o.client)})` : ''}`);
    const { rows: statements } = await db.query<{ query: string; calls: string; total: number; mean: number; max: number }>(
      `SELECT regexp_replace(left(query, 90), '\\s+', ' ', 'g') AS query, calls, total_exec_time AS total, mean_exec_time AS mean, max_exec_time AS max
       FROM pg_stat_statements WHERE query ~ 'install_day|install_release|daily_|install_activity|bare_activity' ORDER BY total_exec_time DESC LIMIT 8`,
    );
    console.log('  where the server spent it (pg_stat_statements):');
    for (const st of statements) console.log(`    ${(st.total / 1000).toFixed(1)} s, ${fmt(Number(st.calls))} calls, mean ${ms(st.mean)}, max ${ms(st.max)}: ${st.query}`);

    // The reads the service makes, each READS times, median.
    const read = async (run: () => Promise<unknown>) => {
      const runs: number[] = [];
      for (let i = 0; i < READS; i++) runs.push(await time(run));
      return median(runs);
    };
    const counts14 = await read(() => store.counts(addDays(TODAY, -13), TODAY));
    const counts90 = await read(() => store.counts(addDays(TODAY, 1 - RETENTION), TODAY));
    const guard7 = await read(() => store.guardDays(['1.12.0', '1.11.0'], addDays(TODAY, -6), TODAY));
    const uptake = await read(() => store.uptake('1.12.0', addDays(TODAY, 1 - RETENTION), TODAY));
    console.log(`  reads: counts 14 days ${ms(counts14)}, 90 days ${ms(counts90)}; guardDays 7 days ${ms(guard7)}; uptake 90 days ${ms(uptake)}`);
    let oldCounts = NaN;
    if (oldDesign) {
      await slow.query('ANALYZE install_activity');
      oldCounts = await time(() =>
        slow.query(`SELECT day, version, platform, count(DISTINCT install), GROUPING(version, platform) FROM install_activity WHERE day BETWEEN $1::date AND $1::date GROUP BY GROUPING SETS ((day), (day, version), (day, platform), (day, version, platform))`, [TODAY]),
      );
      console.log(`  the old design's counts of its one day (count(DISTINCT) over ${fmt(rowsAdded)} rows): ${ms(oldCounts)}`);
    }

    const beforePrune = await relationBytes(db, STORE_TABLES);
    const { rows: expiring } = await slow.query<{ n: string }>('SELECT count(*) AS n FROM install_release WHERE greatest(first_day, offered_day, took_day) < $1::date', [addDays(TODAY, 1 - RETENTION)]);
    await db.query('SELECT pg_stat_statements_reset()');
    const pruned = await time(() => store.prune(addDays(TODAY, 1 - RETENTION)));
    const { rows: pruneStatements } = await db.query<{ max: number }>(`SELECT max(max_exec_time) AS max FROM pg_stat_statements WHERE query ~ '^(DELETE|DROP|UPDATE install_day_floor)'`);
    const slowestPrune = pruneStatements[0]!.max;
    console.log(`  prune of a day: ${ms(pruned)}, its slowest statement ${ms(slowestPrune)} (the day before yesterday's install_day partition dropped, ${fmt(Number(expiring[0]!.n))} install_release rows deleted, the oldest day's figures)`);
    const bytes = await relationBytes(db, STORE_TABLES);
    const oldBytes = oldDesign ? await relationBytes(db, '^install_activity$') : NaN;
    const perInstallDay = bytes / (n * RETENTION);
    console.log(`  bytes: ${mib(bytes)} after the prune (${mib(beforePrune)} before), ${perInstallDay.toFixed(1)} bytes per install-day over ${RETENTION} days${oldDesign ? `; the old design's table holds its one day in ${mib(oldBytes)}, ${(oldBytes / n).toFixed(0)} bytes per install-day` : ''}`);
    const { rows: parts } = await db.query<{ name: string; bytes: string }>(`SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ $1 ORDER BY 2 DESC LIMIT 4`, [STORE_TABLES]);
    console.log(`  largest: ${parts.map((p) => `${p.name} ${mib(Number(p.bytes))}`).join(', ')}`);
    figures.set(n, { store: s.ms, storeServer: s.server, storeClient: s.client, bare: b.ms, bareServer: b.server, bareClient: b.client, old: o.ms, oldServer: o.server, day: spent.store.ms, bareDay: spent.bare.ms, oldDay: spent.old.ms, slowestFlush, counts14, counts90, guard7, uptake, oldCounts, pruned, slowestPrune, perInstallDay, oldPerInstallDay: oldBytes / n, rowsAdded });
    await store.close();
  }

  const migration = SIZES[0]! <= OLD_DESIGN_UP_TO ? await migrationFrom(SIZES[0]!, MIGRATED_DAYS) : null;
  if (migration) console.log(`migration 4 of ${fmt(migration.rows)} install_activity rows: ${ms(migration.migrated)} (${fmt(Math.round(migration.rows / (migration.migrated / 1000)))} rows/s); copying the table once: ${ms(migration.copied)}`);
  const at = (n: number) => figures.get(n)!;
  const first = SIZES[0]!;
  for (const n of SIZES) {
    const f = at(n);
    const label = n >= 1_000_000 ? `${n / 1_000_000}M` : fmt(n);
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    rows.push({ measure: `adoption flush on PostgreSQL at ${label} installs a day: time per 1,000 rows (flushes of ${fmt(FLUSH_ROWS)})`, value: ms(f.store!), reference: `${ms(f.bare!)} (the same rows, one bare multi-row INSERT per flush)`, ratio: x(f.store!, f.bare!) });
    rows.push({ measure: `the same: PostgreSQL CPU per 1,000 rows`, value: ms(f.storeServer!), reference: `${ms(f.bareServer!)} (bare INSERT)`, ratio: x(f.storeServer!, f.bareServer!) });
    if (!Number.isNaN(f.oldCounts!)) {
      rows.push({ measure: `the same against the old design (install_activity, its key and two indexes): time per 1,000 rows`, value: ms(f.store!), reference: `${ms(f.old!)} (old design's INSERT)`, ratio: x(f.store!, f.old!) });
      rows.push({ measure: `the same: PostgreSQL CPU per 1,000 rows`, value: ms(f.storeServer!), reference: `${ms(f.oldServer!)} (old design's INSERT)`, ratio: x(f.storeServer!, f.oldServer!) });
    }
    rows.push({ measure: `the same: the replica's CPU per 1,000 rows (hashes to bytes, statements built, answers read)`, value: ms(f.storeClient!), reference: `${ms(f.bareClient!)} (bare INSERT)`, ratio: x(f.storeClient!, f.bareClient!) });
    rows.push({ measure: `a whole day's flushes at ${label} (${fmt(f.rowsAdded!)} rows; slowest flush ${ms(f.slowestFlush!)})`, value: `${(f.day! / 1000).toFixed(0)} s`, reference: `${(f.bareDay! / 1000).toFixed(0)} s (bare INSERT)`, ratio: x(f.day!, f.bareDay!) });
    for (const [what, value, ofFirst] of [
      ['counts over 14 days', f.counts14!, at(first).counts14!],
      ['counts over 90 days', f.counts90!, at(first).counts90!],
      ['guardDays over 7 days', f.guard7!, at(first).guard7!],
      ['uptake over 90 days', f.uptake!, at(first).uptake!],
    ] as const) {
      const ref = Number.isNaN(f.oldCounts!)
        ? { reference: `${ms(ofFirst)} (the same at ${fmt(first)} installs)`, ratio: x(value, ofFirst) }
        : { reference: `${ms(f.oldCounts!)} (old design: count(DISTINCT) of its one day)`, ratio: `${(f.oldCounts! / value).toFixed(0)}x faster` };
      rows.push({ measure: `${what} at ${label} installs a day`, value: ms(value), ...ref, target: '< 3 s (statement deadline); ~1x across sizes' });
    }
    rows.push({ measure: `prune of a day at ${label} (a partition dropped, expired releases deleted in batches): its slowest statement (the whole prune ${ms(f.pruned!)})`, value: ms(f.slowestPrune!), reference: '3 s (the statement deadline)', ratio: x(f.slowestPrune!, 3000) });
    rows.push({
      measure: `bytes per install-day at ${label} (${RETENTION} days kept)`,
      value: f.perInstallDay!.toFixed(1),
      reference: Number.isNaN(f.oldPerInstallDay!) ? `${at(first).perInstallDay!.toFixed(1)} (at ${fmt(first)})` : `${f.oldPerInstallDay!.toFixed(0)} (old design's table)`,
      ratio: Number.isNaN(f.oldPerInstallDay!) ? x(f.perInstallDay!, at(first).perInstallDay!) : `${(f.oldPerInstallDay! / f.perInstallDay!).toFixed(0)}x smaller`,
    });
  }
  if (migration) {
    rows.push({
      measure: `migration 4 (install_activity into the daily figures), ${fmt(migration.rows)} rows: ${MIGRATED_DAYS === 1 ? 'a day' : `${MIGRATED_DAYS} days`} of ${fmt(SIZES[0]!)} installs`,
      value: ms(migration.migrated),
      reference: `${ms(migration.copied)} (the table copied once, CREATE TABLE AS)`,
      ratio: `${(migration.migrated / migration.copied).toFixed(1)}x`,
    });
  }
  recordRows(import.meta.filename, 'Adoption store on PostgreSQL: flushes, reads, prune and bytes at 1M and 10M installs a day (past days written with SQL, today through add())', rows);
} finally {
  for (const db of opened) await db.close().catch(() => undefined);
  await cluster.destroy();
}
