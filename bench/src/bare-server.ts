import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The reference of reads.bench.ts: a bare node:http server answering each recorded request with
 * the status, headers and body bytes the service answered it with, from a buffer. Usage:
 * `PORT=<port> bare-server.ts <answers.json>`. With `ANSWER_BY_PATH=1` the query is left out of the
 * lookup: every `/api/notice?client_version=...` gets the answer recorded for `/api/notice`.
 */
interface Recorded {
  status: number;
  headers: string[];
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>;
const answers = new Map(Object.entries(recorded).map(([key, r]) => [key, { ...r, body: Buffer.from(r.body, 'base64') }]));

const answerKey = (url: string, acceptEncoding: string | undefined, ifNoneMatch: string | undefined) => `${url} ${acceptEncoding ?? ''} ${ifNoneMatch ?? ''}`;

const byPath = process.env.ANSWER_BY_PATH === '1';
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

const server = createServer((req, res) => {
  const answer = answers.get(answerKey(byPath ? pathOf(req.url!) : req.url!, req.headers['accept-encoding'], req.headers['if-none-match']));
  if (answer === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.status === 304 ? undefined : answer.body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
