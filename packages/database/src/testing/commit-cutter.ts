import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a cluster that can cut one connection at COMMIT, the moment whose
 * outcome a client cannot know: `afterCommit` passes the COMMIT on and drops the server's answer
 * (the transaction lands, the client never hears it); `beforeCommit` drops the COMMIT itself (the
 * server sees the connection end mid-transaction and rolls back). Every other connection, and
 * every later one, is relayed untouched. `blackhole` makes every connection open now silent in
 * both directions while staying open, as a link that drops packets does; later ones work.
 * `delayNext` holds the next message holding some text (a statement) in transit for a while,
 * and what follows it on its connection behind it, as a congested link does; `holdNext` holds it
 * until let go, so a test can see what the client did meanwhile without reading a clock.
 */
export class CommitCutter {
  private armed: 'beforeCommit' | 'afterCommit' | null = null;
  /** Cut at the first message holding this text (a statement that commits as it ends) rather than at COMMIT. */
  private marker: Buffer | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly silenced = new WeakSet<Socket>();
  private readonly delays: { marker: Buffer; until: () => Promise<unknown> }[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<CommitCutter> {
    let cutter: CommitCutter | null = null;
    const server = createServer((client) => cutter!.relay(client, targetPort));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cutter = new CommitCutter(server, (server.address() as { port: number }).port);
    return cutter;
  }

  /** The URL of `database` through the relay. */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Cuts the next COMMIT that passes (or, given `marker`, the next message holding it), in the given way. */
  arm(mode: 'beforeCommit' | 'afterCommit', marker?: string): void {
    this.armed = mode;
    this.marker = marker === undefined ? null : Buffer.from(marker);
  }

  /** Holds the next message from a client that contains `marker` for `ms` before passing it on. */
  delayNext(marker: string, ms: number): void {
    this.delays.push({ marker: Buffer.from(marker), until: () => new Promise((done) => setTimeout(done, ms)) });
  }

  /**
   * Holds the next message from a client that contains `marker` until `release` is called.
   * `arrived` settles when the message is held (it reached the relay and what was ahead of it on
   * its connection has passed), `passed` when it was passed on.
   */
  holdNext(marker: string): { arrived: Promise<void>; passed: Promise<void>; release(): void } {
    let arrive!: () => void;
    let release!: () => void;
    let pass!: () => void;
    const arrived = new Promise<void>((done) => (arrive = done));
    const released = new Promise<void>((done) => (release = done));
    const passed = new Promise<void>((done) => (pass = done));
    this.delays.push({
      marker: Buffer.from(marker),
      until: () => {
        arrive();
        return released.then(() => setImmediate(pass));
      },
    });
    return { arrived, passed, release };
  }

  /** Every connection open now goes silent, both ways, without closing: nothing passes, no error comes. */
  blackhole(): void {
    for (const socket of this.sockets) this.silenced.add(socket);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }

  private relay(client: Socket, targetPort: number): void {
    const settled: Promise<unknown> = Promise.resolve();
    const upstream = connect(targetPort, '127.0.0.1');
    let answering = true;
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk) => answering && !this.silenced.has(upstream) && client.write(chunk));
    // What a client sends passes in order: a held message holds what follows it.
    let sending: Promise<unknown> = settled;
    client.on('data', (chunk: Buffer) => {
      if (this.silenced.has(client)) return;
      const held = this.delays.findIndex((d) => chunk.includes(d.marker));
      if (held !== -1 || sending !== settled) {
        const until = held === -1 ? () => settled : this.delays.splice(held, 1)[0]!.until;
        const after = sending.then(until).then(() => {
          if (!upstream.destroyed) upstream.write(chunk);
        });
        sending = after;
        void after.then(() => {
          if (sending === after) sending = settled;
        });
        return;
      }
      const mode = this.armed;
      // A simple query message: 'Q', length, then the SQL text.
      const committing = this.marker ? chunk.includes(this.marker) : chunk[0] === 0x51 && /^COMMIT\b/i.test(chunk.subarray(5).toString('utf8'));
      if (mode && committing) {
        this.armed = null;
        answering = false;
        if (mode === 'afterCommit') upstream.write(chunk);
        // Long enough for the server to finish the commit it was given; then both ends are cut.
        setTimeout(() => client.destroy(), mode === 'afterCommit' ? 300 : 0);
        return;
      }
      upstream.write(chunk);
    });
  }
}
