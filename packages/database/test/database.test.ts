import { createHash } from 'node:crypto';
import { StorageUnavailableError } from '@companion/journal';
import { CommitOutcomeUnknownError, ContractStepWaitingError, Database, databaseConfigFromEnv, DatabaseConfigError, MigrationMismatchError, SchemaTooNewError, type DatabaseConfig, type Migration } from '../src';
import { clusterUnavailable, CommitCutter, TempCluster } from '../src/testing';

const skip = clusterUnavailable();
if (skip) console.log(skip);
const describeWithCluster = skip ? describe.skip : describe;

const config = (url: string, timeoutMs = 2000): DatabaseConfig => ({ url, poolMax: 4, timeoutMs });
const steps: Migration[] = [
  { version: 1, name: 'things', change: 'expand', sql: 'CREATE TABLE things (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE)' },
  { version: 2, name: 'things-note', change: 'expand', sql: 'ALTER TABLE things ADD COLUMN note text' },
];

describe('DATABASE_URL and its settings', () => {
  it('is off without DATABASE_URL', () => {
    expect(databaseConfigFromEnv({})).toBeNull();
    expect(databaseConfigFromEnv({ DATABASE_URL: '  ' })).toBeNull();
  });

  it('takes a postgres URL with defaults for the pool and the timeout', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/companion' })).toEqual({ url: 'postgres://u:p@db:5432/companion', poolMax: 10, timeoutMs: 3000 });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://db/x' }, /postgres:\/\/ or postgresql:\/\//],
    [{ DATABASE_URL: 'not a url' }, /expected a URL/],
    [{ DATABASE_URL: 'postgres://db:5432' }, /name the database/],
    [{ DATABASE_URL: 'postgres://db/x', DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX: expected a whole number/],
    [{ DATABASE_URL: 'postgres://db/x', DATABASE_TIMEOUT_MS: '1.5s' }, /DATABASE_TIMEOUT_MS: expected a whole number/],
  ])('refuses %j with one line naming the setting', (env, message) => {
    expect(() => databaseConfigFromEnv(env)).toThrow(DatabaseConfigError);
    expect(() => databaseConfigFromEnv(env)).toThrow(message);
  });
});

describe('a database nobody listens on', () => {
  it('is a storage refusal with its cause, not a hang', async () => {
    const db = new Database(config('postgres://postgres@127.0.0.1:1/none', 500));
    const error = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toBe('the database refuses connections (is it running?)');
    expect(db.health()).toMatchObject({ connected: false, reason: 'the database refuses connections (is it running?)' });
    await db.close();
  });
});

describeWithCluster('on a real cluster', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 120_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('applies migrations once when replicas start together, and refuses an edited one', async () => {
    const url = await cluster.createDatabase('migrations');
    const replicas = await Promise.all([1, 2, 3, 4].map(() => Database.open(config(url))));
    const applied = await Promise.all(replicas.map((db) => db.migrate('things', steps)));
    expect(applied.flatMap((outcome) => outcome.applied).sort()).toEqual([1, 2]);
    const { rows } = await replicas[0]!.query('SELECT component, version FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([{ component: 'things', version: 1 }, { component: 'things', version: 2 }]);
    await replicas[0]!.query("INSERT INTO things (name, note) VALUES ('a', 'b')");
    await expect(replicas[1]!.migrate('things', [{ ...steps[0]!, sql: `${steps[0]!.sql} -- edited` }, steps[1]!])).rejects.toThrow(MigrationMismatchError);
    await Promise.all(replicas.map((db) => db.close()));
  });

  it('runs the previous level on a schema a newer version expanded, and refuses it once a contract step removed what it uses', async () => {
    const db = await Database.open(config(await cluster.createDatabase('expand_contract')));
    const previous = steps;
    // The next release stops using things.note and adds things.label; the one after drops note.
    const next: Migration[] = [...previous, { version: 3, name: 'things-label', change: 'expand', sql: 'ALTER TABLE things ADD COLUMN label text' }];
    const after: Migration[] = [...next, { version: 4, name: 'no note', change: 'contract', compatibleBackTo: 3, sql: 'ALTER TABLE things DROP COLUMN note' }];
    await db.migrate('things', previous);
    expect(await db.migrate('things', next)).toEqual({ applied: [3], waiting: [], ahead: null, compatibleBackTo: 0 });
    // The previous level starts on it (nothing applied, nothing refused) and writes what it wrote.
    expect(await db.migrate('things', previous)).toEqual({ applied: [], waiting: [], ahead: { version: 3, name: 'things-label' }, compatibleBackTo: 0 });
    await db.query("INSERT INTO things (name, note) VALUES ('old', 'kept')");

    // Start-up and a plain db-migrate leave the contract step waiting: the previous level still runs.
    const waiting = await db.migrate('things', after);
    expect({ ...waiting, waiting: waiting.waiting.map((step) => step.version) }).toEqual({ applied: [], waiting: [4], ahead: null, compatibleBackTo: 0 });
    expect((await db.migrate('things', previous)).ahead).toEqual({ version: 3, name: 'things-label' });
    // The explicit step applies it and records how far back the database now runs.
    expect(await db.migrate('things', after, { contract: true })).toEqual({ applied: [4], waiting: [], ahead: null, compatibleBackTo: 3 });
    const { rows } = await db.query("SELECT version, compatible_back_to FROM schema_migrations WHERE component = 'things' ORDER BY version");
    expect(rows).toEqual([1, 2, 3, 4].map((version) => ({ version, compatible_back_to: version === 4 ? 3 : 0 })));
    expect((await db.migrate('things', next)).ahead).toEqual({ version: 4, name: 'no note' });
    const refused = await db.migrate('things', previous).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect((refused as Error).message).toBe("the database's things schema is at version 4 (no note), newer than this service's 2, and its step 4 (no note) removed what a service below things level 3 uses: run a version that knows things 3 or later (or restore a backup taken before the upgrade)");

    // A release shipping a step after a contract step this database never had refuses, naming the step to run first.
    const later: Migration[] = [...after, { version: 5, name: 'things-size', change: 'expand', sql: 'ALTER TABLE things ADD COLUMN size integer' }];
    const db2 = await Database.open(config(await cluster.createDatabase('contract_first')));
    await db2.migrate('things', next);
    await expect(db2.migrate('things', later)).rejects.toThrow(ContractStepWaitingError);
    await expect(db2.migrate('things', later)).rejects.toThrow('things migration 5 (things-size) comes after the contract step 4 (no note), which this database has not had: run db-migrate --contract');
    await Promise.all([db.close(), db2.close()]);
  });

  it('a breaking step, or one applied by a version before the mechanism, ends the way back', async () => {
    const db = await Database.open(config(await cluster.createDatabase('breaking')));
    const moved: Migration[] = [...steps, { version: 3, name: 'things moved', change: 'breaking', sql: 'ALTER TABLE things RENAME TO old_things; CREATE TABLE things (id bigint PRIMARY KEY)' }];
    expect((await db.migrate('things', moved)).compatibleBackTo).toBe(3);
    await expect(db.migrate('things', steps)).rejects.toThrow("the database's things schema is at version 3 (things moved), newer than this service's 2, and its step 3 (things moved) removed what a service below things level 3 uses");
    // Rows written by versions that did not record compatible_back_to: this service fills in its own, and refuses unknown ones.
    await db.query("UPDATE schema_migrations SET compatible_back_to = NULL WHERE component = 'things'");
    await db.query("INSERT INTO schema_migrations (component, version, name, checksum) VALUES ('things', 9, 'from the future', 'x')");
    await expect(db.migrate('things', moved)).rejects.toThrow("the database's things schema is at version 9 (from the future), newer than this service's 3, and its step 9 (from the future) does not say which earlier versions still run on it: run a version that knows things 9 or later");
    const { rows } = await db.query("SELECT version, compatible_back_to FROM schema_migrations WHERE component = 'things' AND version < 9 ORDER BY version");
    expect(rows).toEqual([{ version: 1, compatible_back_to: 0 }, { version: 2, compatible_back_to: 0 }, { version: 3, compatible_back_to: 3 }]);
    await db.close();
  });

  it('adds compatible_back_to to a schema_migrations table made before it, filling in the steps it knows', async () => {
    const db = await Database.open(config(await cluster.createDatabase('before_the_column')));
    // The table and rows as releases before the column wrote them.
    await db.query(`CREATE TABLE schema_migrations (component text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (component, version))`);
    await db.query(steps[0]!.sql);
    await db.query("INSERT INTO schema_migrations (component, version, name, checksum) VALUES ('things', 1, 'things', $1)", [createHash('sha256').update(steps[0]!.sql).digest('hex')]);
    expect(await db.migrate('things', steps)).toEqual({ applied: [2], waiting: [], ahead: null, compatibleBackTo: 0 });
    const { rows } = await db.query("SELECT version, compatible_back_to FROM schema_migrations ORDER BY version");
    expect(rows).toEqual([{ version: 1, compatible_back_to: 0 }, { version: 2, compatible_back_to: 0 }]);
    await db.close();
  });

  it('rolls a failed transaction back and keeps constraint errors as they are', async () => {
    const db = await Database.open(config(await cluster.createDatabase('tx')));
    await db.migrate('things', steps);
    await db.query("INSERT INTO things (name) VALUES ('taken')");
    const error = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('new')");
      await tx.query("INSERT INTO things (name) VALUES ('taken')");
    }).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    const { rows } = await db.query('SELECT name FROM things ORDER BY id');
    expect(rows).toEqual([{ name: 'taken' }]);
    await db.close();
  });

  it('a connection killed inside a transaction or a statement fails that call, never the process', async () => {
    const url = await cluster.createDatabase('killed');
    const db = await Database.open(config(url));
    const admin = await Database.open(config(url));
    const killSleeper = async () => {
      await waitForAsync(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND state = 'active'")).rowCount === 1);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%'");
    };
    const [inTransaction] = await Promise.all([db.transaction((tx) => tx.query('SELECT pg_sleep(30)')).catch((e: unknown) => e), killSleeper()]);
    expect(inTransaction).toBeInstanceOf(StorageUnavailableError); // before COMMIT: known not to have landed
    // One statement commits as it ends: a connection lost while it runs leaves the outcome unknown.
    const [inStatement] = await Promise.all([db.statement('SELECT pg_sleep(30)').catch((e: unknown) => e), killSleeper()]);
    expect(inStatement).toBeInstanceOf(CommitOutcomeUnknownError);
    expect((await db.statement('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    await Promise.all([db.close(), admin.close()]);
  });

  it('refuses while the database is down, says so in health, and resumes without a restart', async () => {
    const db = await Database.open(config(await cluster.createDatabase('outage'), 1500));
    const wakes: (string | null)[] = [];
    const listener = db.listen('changes', { onWake: (payload) => wakes.push(payload), maxBackoffMs: 200 });
    await waitFor(() => listener.connected);
    await db.query("NOTIFY changes, 'one'");
    await waitFor(() => wakes.includes('one'));

    await cluster.stop('fast');
    const refused = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StorageUnavailableError);
    expect(db.health().connected).toBe(false);
    await waitFor(() => !listener.connected);

    await cluster.start();
    await waitFor(() => listener.connected, 30_000);
    const wakesAfterReconnect = wakes.length;
    expect(wakes.at(-1)).toBeNull(); // the reconnection itself wakes the reader: notifications sent meanwhile are lost
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(db.health()).toMatchObject({ connected: true, reason: null });
    await db.query("NOTIFY changes, 'two'");
    await waitFor(() => wakes.slice(wakesAfterReconnect).includes('two'));
    await db.close();
  }, 90_000);

  it('notices a listening connection that went silent (a link dropping packets) and replaces it', async () => {
    const url = await cluster.createDatabase('silent_listen');
    const relay = await CommitCutter.start(cluster.port);
    const db = new Database(config(relay.url('silent_listen'), 1000));
    const wakes: (string | null)[] = [];
    const states: (string | null)[] = [];
    const listener = db.listen('things', { onWake: (payload) => wakes.push(payload), onState: (error) => states.push(error?.message ?? null), heartbeatMs: 500 });
    const direct = new Database(config(url));
    try {
      await waitFor(() => listener.connected);
      relay.blackhole();
      // The heartbeat's own deadline says it went silent, not a socket default, whatever the wait.
      await waitFor(() => !listener.connected, 60_000);
      expect(states.at(-1)).toMatch(/did not answer within 1000 ms/);
      await waitFor(() => listener.connected, 60_000);
      // The new connection hears notifications again: the wake carries the payload, which only a
      // notification has (a reconnection wakes with none).
      await direct.query("SELECT pg_notify('things', 'after')");
      await waitFor(() => wakes.includes('after'), 60_000);
    } finally {
      await Promise.all([db.close(), direct.close()]);
      await relay.close();
    }
  });
});

async function waitForAsync(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
