import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that can lose the answer of one committing statement (the
 * first message sent that holds `marker`, e.g. the catalogue's `catalog_commit(`): `before` cuts
 * the connection before the statement reaches the server (nothing is committed), `after` hands
 * it to the server and cuts the client off before the answer comes back (it commits). Either way
 * the client sees its connection fail while committing.
 */
export class CommitCutter {
  private armed: 'before' | 'after' | null = null;
  /** How many answers it lost. */
  cuts = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly marker: Buffer,
  ) {}

  static async start(target: { host: string; port: number }, marker: string): Promise<CommitCutter> {
    let cutter: CommitCutter | null = null;
    const server = createServer((client) => cutter!.relay(client, target));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cutter = new CommitCutter(server, (server.address() as { port: number }).port, Buffer.from(marker));
    return cutter;
  }

  /** Loses the answer of the next committing statement on any connection. */
  arm(mode: 'before' | 'after'): void {
    this.armed = mode;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }

  private relay(client: Socket, target: { host: string; port: number }): void {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let cut = false;
    client.on('data', (chunk: Buffer) => {
      const mode = this.armed;
      if (mode && chunk.includes(this.marker)) {
        this.armed = null;
        this.cuts++;
        cut = true;
        if (mode === 'after') upstream.write(chunk);
        client.destroy();
        // The server reads the statement before it notices the closed connection.
        setTimeout(() => upstream.destroy(), mode === 'after' ? 300 : 0);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) client.write(chunk);
    });
    client.on('close', () => !cut && upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
