import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  /** Header names lower-cased; rawHeaders keeps the order they were written in. */
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: Buffer;
}

/** One request over loopback with node:http, so the body arrives exactly as sent (no decoding). */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The fast path writes ETag first; Express starts with the security policy set before routing. */
export const servedFast = (answer: RawAnswer): boolean => answer.rawHeaders[0] === 'ETag';

/** A JSON body with its timestamp replaced, to compare answers made at different instants. */
export const unstamped = (body: Buffer | string): string => String(body).replace(/"timestamp":"[^"]*"/, '"timestamp":"-"');
