import type { Request, Response } from 'express';

/**
 * Server-sent events to the open preview pages: each gets `event: content` with the snapshot's
 * loadedAt on connecting and after every reload, and fetches the new page body when it differs.
 */
export class LiveUpdates {
  private readonly clients = new Set<Response>();
  // Comments keep idle connections open through proxies and let dead ones be noticed.
  private readonly keepAlive = setInterval(() => this.send(': keep-alive\n\n'), 15_000).unref();

  constructor(private readonly loadedAt: () => number) {}

  readonly handler = (req: Request, res: Response): void => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // The page may have been rendered before a reload that happened while this connection opened.
    res.write(`retry: 1000\nevent: content\ndata: ${this.loadedAt()}\n\n`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  };

  publish(): void {
    this.send(`event: content\ndata: ${this.loadedAt()}\n\n`);
  }

  /** Ends every open stream so the server can close. */
  close(): void {
    clearInterval(this.keepAlive);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private send(message: string): void {
    for (const res of this.clients) res.write(message);
  }
}
