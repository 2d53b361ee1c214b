import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a cluster that can cut one connection at COMMIT, the moment whose
 * outcome a client cannot know: `afterCommit` passes the COMMIT on and drops the server's answer
 * (the transaction lands, the client never hears it); `beforeCommit` drops the COMMIT itself (the
 * server sees the connection end mid-transaction and rolls back). Every other connection, and
 * every later one, is relayed untouched. `blackhole` makes every connection open now silent in
 * both directions while staying open, as a link that drops packets does; later ones work.
 */
export class CommitCutter {
  private armed: 'beforeCommit' | 'afterCommit' | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly silenced = new WeakSet<Socket>();

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

  /** Cuts the next COMMIT that passes, in the given way. */
  arm(mode: 'beforeCommit' | 'afterCommit'): void {
    this.armed = mode;
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
    client.on('data', (chunk: Buffer) => {
      if (this.silenced.has(client)) return;
      const mode = this.armed;
      // A simple query message: 'Q', length, then the SQL text.
      if (mode && chunk[0] === 0x51 && /^COMMIT\b/i.test(chunk.subarray(5).toString('utf8'))) {
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
