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
}

/**
 * A dedicated connection that LISTENs on one channel and reconnects with backoff. The table is
 * the truth and the notification only a wake-up: `onWake` runs after each reconnection too.
 */
export class Listener {
  private client: pg.Client | null = null;
  private closed = false;
  private backoffMs = 50;
  private timer: NodeJS.Timeout | null = null;
  connected = false;

  constructor(private readonly options: ListenerOptions) {}

  start(): void {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
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
    this.options.onState?.(null);
    this.options.onWake(null);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    if (this.connected) this.options.onState?.(error);
    this.connected = false;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.timer = setTimeout(() => void this.connect(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 2000);
  }
}
