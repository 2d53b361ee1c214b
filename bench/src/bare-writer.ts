import { constants, mkdirSync, openSync, renameSync, write, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/**
 * The second reference of writes.bench.ts: a bare node:http server taking
 * `POST /api/tunnel/errors/addNew` with the durable steps of the service's add and nothing
 * else: the JSON body parsed, the entry's file written under a temp name, one line appended to
 * a log opened O_DSYNC (in libuv's pool, as the service's), the file renamed into place, a 201
 * answered. No credential, validation, YAML, snapshot, index or access log: what Node and the
 * disk cost for such an add. Usage: `PORT=<port> bare-writer.ts <folder>`.
 */
const folder = process.argv[2]!;
mkdirSync(join(folder, '.tmp'), { recursive: true });
const log = openSync(join(folder, 'ops.jsonl'), constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC, 0o644);
let seq = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const entry = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Flag: string; Info: string; Solution: string[] };
    const temp = join(folder, '.tmp', `${entry.Flag}.yaml`);
    writeFileSync(temp, `Flag: ${entry.Flag}\nInfo: ${entry.Info}\nSolution:\n${entry.Solution.map((s) => `  - ${s}\n`).join('')}`);
    const line = Buffer.from(`${JSON.stringify({ seq: ++seq, timestamp: new Date().toISOString(), operation: 'CREATE', flag: entry.Flag, entry })}\n`);
    write(log, line, (error) => {
      if (error) {
        res.writeHead(503).end();
        return;
      }
      renameSync(temp, join(folder, `${entry.Flag}.yaml`));
      const body = JSON.stringify({ success: true, data: entry, logs_count: seq, timestamp: new Date().toISOString().slice(0, 23) });
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`);
});
