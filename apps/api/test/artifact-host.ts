import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the artifact host answered: its path and query as sent, and the bytes of files it sent. */
export interface HostRequest {
  url: string;
  range: string | undefined;
  bytes: number;
}

/**
 * A download host for builds, as a CDN serves them: GET by path (the query ignored), `Range`
 * with one range (206) or several (206 multipart/byteranges, as electron-updater's differential
 * downloader asks for them), 404 otherwise. Every request is recorded.
 */
export async function startArtifactHost(files: ReadonlyMap<string, Buffer>): Promise<{ port: number; requests: HostRequest[]; close(): Promise<void> }> {
  const requests: HostRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const body = files.get(url.split('?')[0]!);
    const record: HostRequest = { url, range: req.headers.range, bytes: 0 };
    requests.push(record);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const ranges = /^bytes=(.+)$/.exec(req.headers.range ?? '')?.[1]?.split(',').map((r) => {
      const [from, to] = r.trim().split('-');
      return [Number(from), to === '' ? body.length - 1 : Math.min(Number(to), body.length - 1)] as const;
    });
    if (ranges === undefined) {
      record.bytes = body.length;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length, 'accept-ranges': 'bytes' }).end(body);
      return;
    }
    if (ranges.length === 1) {
      const [from, to] = ranges[0]!;
      record.bytes = to - from + 1;
      res.writeHead(206, { 'content-type': 'application/octet-stream', 'content-range': `bytes ${from}-${to}/${body.length}`, 'content-length': to - from + 1 }).end(body.subarray(from, to + 1));
      return;
    }
    const boundary = 'artifact-host-boundary';
    const parts = ranges.flatMap(([from, to]) => {
      record.bytes += to - from + 1;
      return [Buffer.from(`\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${from}-${to}/${body.length}\r\n\r\n`), body.subarray(from, to + 1)];
    });
    const all = Buffer.concat([...parts, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    res.writeHead(206, { 'content-type': `multipart/byteranges; boundary=${boundary}`, 'content-length': all.length }).end(all);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', done));
  return { port: (server.address() as AddressInfo).port, requests, close: () => new Promise((done) => server.close(() => done())) };
}
