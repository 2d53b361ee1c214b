import pg from 'pg';

export interface ListenerOptions {
  url: string;
  channel: string;
  timeoutMs: number;
  /**
   * Called on every notification and after every (re)connection, when notifications sent
   * meanwhile are lost: the reader looks at the table, so a wake-up never carries the data.
   */
  onWake: (payload: string | null) => void;
  /** Told when the connection drops (with the error) and when it is back (null). */
  onState?: (error: Error | null) => void;
  /** Longest pause between reconnection attempts (default 2000 ms). */
  maxBackoffMs?: number;
  /** How often the connection is asked to answer (default 2000 ms); see Listener. */
  heartbeatMs?: number;
}

/**
 * A dedicated connection that LISTENs on one channel and reconnects with backoff. The table is
 * the truth and the notification only a wake-up: `onWake` runs after each reconnection too.
 * A connection that dies silently (a link that drops packets, a NAT that forgets it) raises no
 * error and delivers no notification, so it is asked to answer every `heartbeatMs`; one that does
 * not answer within `timeoutMs` is dropped and replaced, within heartbeat + timeout.
 */
export class Listener {
  private client: pg.Client | null = null;
  private closed = false;
  private backoffMs = 50;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  connected = false;

  constructor(private readonly options: ListenerOptions) {}

  start(): void {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: this.options.timeoutMs, keepAlive: true, application_name: 'tunnel-companion-listen' });
    client.on('notification', (message) => this.options.onWake(message.payload ?? null));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.options.channel)}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.closed || this.client !== client) return;
    this.connected = true;
    this.backoffMs = 50;
    this.watch(client);
    this.options.onState?.(null);
    this.options.onWake(null);
  }

  /** Asks `client` to answer every heartbeat; no answer within the timeout is a lost connection. */
  private watch(client: pg.Client): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    let asking = false;
    this.heartbeat = setInterval(() => {
      if (asking || this.client !== client) return;
      asking = true;
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`the listening connection did not answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      });
      Promise.race([client.query('SELECT 1'), silent])
        .catch((error: Error) => this.lost(client, error))
        .finally(() => {
          clearTimeout(timer);
          asking = false;
        });
    }, this.options.heartbeatMs ?? 2000);
    this.heartbeat.unref();
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.connected) this.options.onState?.(error);
    this.connected = false;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    // A silent connection never answers the goodbye either: its socket is closed, not left open.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    this.timer = setTimeout(() => void this.connect(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 2000);
  }
}
