import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { redactUrl } from '@companion/http-kit';

/** A request the server has not finished answering. */
export interface RunningRequest {
  method: string;
  path: string;
  age_ms: number;
}

/**
 * The requests a server is answering and the connections it holds, so a stop can wait for the
 * requests, close the connections nothing runs on, and name the requests it cut short.
 */
export class InFlight {
  private readonly running = new Map<ServerResponse, { method: string; path: string; since: number }>();
  /** Each open connection with the number of requests running on it. */
  private readonly connections = new Map<Socket, number>();
  private ending = false;

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, 0);
      socket.once('close', () => this.connections.delete(socket));
    });
    // The app's own listener came first: an answer it ended already (the fast path's) is not running.
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (res.writableEnded) return;
      if (this.ending) res.shouldKeepAlive = false;
      const socket = req.socket;
      this.connections.set(socket, (this.connections.get(socket) ?? 0) + 1);
      this.running.set(res, { method: req.method ?? '?', path: redactUrl(req.url ?? ''), since: performance.now() });
      // 'close' also comes when the client goes away first: the request is over either way.
      res.once('close', () => {
        this.running.delete(res);
        if (this.connections.has(socket)) this.connections.set(socket, this.connections.get(socket)! - 1);
      });
    });
  }

  get size(): number {
    return this.running.size;
  }

  /**
   * From now on each answer ends its connection, and connections with nothing running (kept
   * alive after an answer, or opened ahead and never used) close now: at once, or once an
   * answer ended just before has left.
   */
  endConnections(): void {
    this.ending = true;
    for (const res of this.running.keys()) if (!res.headersSent) res.shouldKeepAlive = false;
    for (const [socket, requests] of this.connections) {
      if (requests > 0) continue;
      if (socket.writableLength === 0) socket.destroy();
      else socket.end();
    }
  }

  list(): RunningRequest[] {
    const now = performance.now();
    return [...this.running.values()].map(({ method, path, since }) => ({ method, path, age_ms: Math.round(now - since) }));
  }
}
