import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { clusterUnavailable, CommitCutter, TempCluster } from '@companion/database/testing';
import { createClient } from '../../packages/client/src/index';
import { startServer, type ServerProcess } from './support/crash-server';

// Writes retried with their Idempotency-Key through the faults that leave a client not knowing
// whether its write was done: an answer lost after the commit, the replica killed after the
// commit, a statement held past its deadline. The real service in its own processes, the
// client library with its default options, on the flat files and on PostgreSQL.
const TOKEN = 'idempotency-test-token';
const LIMITS = { RATE_LIMIT_FEEDBACK: '100000/1m', RATE_LIMIT_CATALOG: '100000/1m', RATE_LIMIT_EMAIL: '100000/1m' };

type Fault = 'drop-answer' | 'kill-after-commit';

/** An HTTP relay in front of the current replica: the next POSTs meet the planned faults, in turn. */
class FaultyRelay {
  readonly plan: Fault[] = [];
  /** What each POST that reached a replica was answered there. */
  readonly answered: { status: number; replayed: boolean }[] = [];
  private server!: Server;
  url = '';
  /** Settles once the replica killed last has a successor: requests wait for it, as behind a load balancer's retry. */
  private switching: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: () => string,
    /** Kills the replica the relay sends to (after its commit), and makes the next one current. */
    private readonly killCurrent: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const fault = req.method === 'POST' ? this.plan.shift() : undefined;
      await this.switching;
      const upstream = request(new URL(req.url!, this.target()), { method: req.method, headers: req.headers }, (answer: IncomingMessage) => {
        if (req.method === 'POST') this.answered.push({ status: answer.statusCode!, replayed: answer.headers['idempotent-replayed'] === 'true' });
        if (fault === 'drop-answer') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
        } else if (fault === 'kill-after-commit') {
          // The replica answered: its write is committed. It dies before the client hears of it.
          answer.resume();
          this.switching = this.killCurrent();
          req.socket.destroy();
        } else {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        }
      });
      upstream.on('error', () => req.socket.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((ready) => this.server.listen(0, '127.0.0.1', ready));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

interface Store {
  name: string;
  unavailable: string | null;
  /** The environment of every replica of this test (DATA_DIR aside). */
  env(): Promise<Record<string, string>>;
  /** How many outbox messages have `subject`. */
  mailed(subject: string, dataDirs: string[]): Promise<number>;
  tearDown(): Promise<void>;
  /** A relay between the replicas and the database that can hold a statement (PostgreSQL only). */
  cutter?: () => CommitCutter;
}

function filesStore(): Store {
  return {
    name: 'files',
    unavailable: null,
    env: async () => ({}),
    async mailed(subject, dataDirs) {
      let count = 0;
      for (const dir of new Set(dataDirs)) {
        const names = (await readdir(join(dir, 'outbox')).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
        for (const name of names) if ((await readFile(join(dir, 'outbox', name), 'utf8')).includes(`Subject: ${subject}`)) count++;
      }
      return count;
    },
    tearDown: async () => undefined,
  };
}

function postgresStore(): Store {
  let cluster: TempCluster | null = null;
  let cutter: CommitCutter | null = null;
  let url = '';
  let n = 0;
  return {
    name: 'postgresql',
    unavailable: clusterUnavailable(),
    async env() {
      cluster ??= await TempCluster.start();
      cutter ??= await CommitCutter.start(cluster.port);
      const name = `keys_${++n}`;
      await cluster.createDatabase(name);
      url = cluster.url(name);
      return { DATABASE_URL: cutter.url(name), DATABASE_TIMEOUT_MS: '1000' };
    },
    async mailed(subject) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE position(convert_to($1, 'UTF8') IN raw) > 0", [`Subject: ${subject}`]);
        return rows[0]!.n;
      } finally {
        await client.end();
      }
    },
    cutter: () => cutter!,
    async tearDown() {
      await cutter?.close();
      await cluster?.destroy();
    },
  };
}

for (const store of [filesStore(), postgresStore()]) {
  if (store.unavailable) console.log(`${store.name}: ${store.unavailable}`);
  (store.unavailable ? describe.skip : describe)(`retried writes with an Idempotency-Key: ${store.name}`, () => {
    let root: string;
    let env: Record<string, string>;
    const replicas: { server: ServerProcess; url: string; dataDir: string }[] = [];
    let current = 0;
    let relay: FaultyRelay;

    /** A replica of its own data folder (the flat store: the same folder again, a restart). */
    async function boot(dataDir: string) {
      const started = await startServer({ ...LIMITS, ...env, DATA_DIR: dataDir, API_TOKENS: `${TOKEN}=*` });
      replicas.push({ ...started, dataDir });
      return replicas.length - 1;
    }

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'idempotency-faults-'));
      env = await store.env();
      current = await boot(join(root, 'a'));
      // PostgreSQL: a second replica, running already, takes over; the flat files: the same folder restarted.
      let spare = store.name === 'files' ? null : await boot(join(root, 'b'));
      relay = new FaultyRelay(
        () => replicas[current]!.url,
        async () => {
          const killed = replicas[current]!;
          await killed.server.kill();
          current = spare ?? (await boot(store.name === 'files' ? killed.dataDir : join(root, `r${replicas.length}`)));
          spare = null;
        },
      );
      await relay.start();
    }, 240_000);
    afterAll(async () => {
      await relay?.close();
      await Promise.all(replicas.map((r) => r.server.kill()));
      await store.tearDown();
      await rm(root, { recursive: true, force: true });
    }, 180_000);

    const client = () => createClient({ baseUrl: relay.url, token: TOKEN });
    const direct = (path: string) => fetch(replicas[current]!.url + path, { headers: { authorization: `Bearer ${TOKEN}` } }).then((res) => res.json() as Promise<any>);
    const storedFeedback = async (content: string) => (await direct(`/api/feedback?q=${encodeURIComponent(content)}`)).total as number;
    const created = async (flag: string) => (await direct(`/api/tunnel/errors/logs?flag=${flag}&operation=CREATE`)).count as number;
    /** The same request sent again straight to the replica: the replay the client should have had. */
    const replay = async (path: string, body: unknown, key: string) => {
      const res = await fetch(replicas[current]!.url + path, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': `"${key}"` }, body: JSON.stringify(body) });
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      return { status: res.status, data: ((await res.json()) as any).data };
    };

    for (const fault of ['drop-answer', 'kill-after-commit'] as const) {
      it(`${fault}: feedback, e-mail and catalogue adds are each stored once, mailed once, answered the same`, async () => {
        const tag = `${fault}-${Date.now()}`;
        const feedback = { content: `feedback ${tag}`, type: 'bug' as const };
        relay.plan.push(fault);
        const stored = await client().postFeedback({ body: feedback }, { idempotencyKey: `fb-${tag}` });
        if (!stored.ok) throw new Error(JSON.stringify(stored.error));
        expect(await storedFeedback(feedback.content)).toBe(1);
        expect(await replay('/api/feedback', feedback, `fb-${tag}`)).toEqual({ status: stored.status, data: stored.body.data });

        const mail = { to: 'ops@example.org', subject: `mail ${tag}`, text: 'Sent once.' };
        relay.plan.push(fault);
        const sent = await client().postSendEmail({ body: mail }, { idempotencyKey: `mail-${tag}` });
        if (!sent.ok) throw new Error(JSON.stringify(sent.error));
        expect(await store.mailed(mail.subject, replicas.map((r) => r.dataDir))).toBe(1);
        expect(await replay('/api/send_email', mail, `mail-${tag}`)).toEqual({ status: 202, data: sent.body.data });

        const flag = `IDEM${fault === 'drop-answer' ? 'D' : 'K'}${Date.now() % 100000}`;
        const entry = { Flag: flag, Info: 'Added once.', Solution: ['Retry.'] };
        relay.plan.push(fault);
        const added = await client().postTunnelErrorsAddNew({ body: entry }, { idempotencyKey: `add-${tag}` });
        if (!added.ok) throw new Error(JSON.stringify(added.error));
        expect(added.status).toBe(201);
        expect(await created(flag)).toBe(1);
        expect(await replay('/api/tunnel/errors/addNew', entry, `add-${tag}`)).toEqual({ status: 201, data: added.body.data });
        // Each retry was answered as a replay of what was committed before the fault.
        expect(relay.answered.slice(-6).map((a) => a.replayed)).toEqual([false, true, false, true, false, true]);
      }, 240_000);
    }

    (store.cutter ? it : it.skip)('a statement held past its deadline: refused or settled, the retry with the key stores it once', async () => {
      const tag = `held-${Date.now()}`;
      const flag = `HELD${Date.now() % 100000}`;
      const cases = [
        { marker: 'INSERT INTO feedback', path: '/api/feedback', body: { content: `feedback ${tag}` }, count: () => storedFeedback(`feedback ${tag}`) },
        { marker: 'INSERT INTO mail_outbox', path: '/api/send_email', body: { to: 'ops@example.org', subject: `mail ${tag}`, text: 'x' }, count: () => store.mailed(`mail ${tag}`, []) },
        { marker: 'catalog_commit(', path: '/api/tunnel/errors', body: { Flag: flag, Info: 'Held.', Solution: ['Retry.'] }, count: () => created(flag) },
      ];
      for (const { marker, path, body, count } of cases) {
        // Held for longer than the deadline (1 s): it reaches the database late and refuses itself.
        store.cutter!().delayNext(marker, 2500);
        const key = `${marker}-${tag}`;
        const first = await fetch(relay.url + path, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': `"${key}"` }, body: JSON.stringify(body) });
        expect(first.status).toBe(503);
        const retried = await client()[path === '/api/feedback' ? 'postFeedback' : path === '/api/send_email' ? 'postSendEmail' : 'postTunnelErrors']({ body } as never, { idempotencyKey: key });
        if (!retried.ok) throw new Error(JSON.stringify(retried.error));
        expect(await count()).toBe(1);
        expect(await replay(path, body, key)).toEqual({ status: retried.status, data: (retried.body as { data: unknown }).data });
      }
    }, 240_000);
  });
}
