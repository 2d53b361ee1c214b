import { Agent, request as httpRequest } from 'node:http';
import type { Reply } from './fuzz-checks';

export interface RawRequest {
  method: string;
  /** Request target as sent: path and query, percent-encoded by the caller (or deliberately not). */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * One request over node:http, with no client-side normalisation of the method, path or headers.
 * A keep-alive socket the server closed for idleness just as it was reused fails with
 * ECONNRESET before any answer; as Node's documentation advises, that one case is sent again
 * on a fresh socket (a server that resets fresh connections still fails the request).
 */
export async function send(base: URL, agent: Agent, req: RawRequest, ms = 15_000): Promise<Reply> {
  try {
    return await sendOnce(base, agent, req, ms);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return sendOnce(base, agent, req, ms);
    throw error;
  }
}

function sendOnce(base: URL, agent: Agent, req: RawRequest, ms: number): Promise<Reply> {
  return new Promise((done, fail) => {
    const headers = { ...req.headers, ...(req.body !== undefined && { 'content-length': String(Buffer.byteLength(req.body)) }) };
    const client = httpRequest({ host: base.hostname, port: base.port, method: req.method, path: req.target, headers, agent, timeout: ms }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    client.on('timeout', () => client.destroy(new Error(`no answer within ${ms} ms`)));
    client.on('error', (error) => fail(Object.assign(error, { reusedSocket: client.reusedSocket })));
    client.end(req.body);
  });
}
