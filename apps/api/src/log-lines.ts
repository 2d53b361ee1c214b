import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** Fields every record has, or that a request line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime']);

const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/**
 * One pino JSON record as a line a person reads on a terminal: `14:02:11.123 INFO  msg key=value`;
 * a request as `GET /api/notice 200 3 ms`. Anything that is not a record passes through unchanged.
 */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  const head = `${clockTime(Number(record.time))} ${LEVELS[Number(record.level)] ?? String(record.level)} `;
  const what = req && res ? `${req.method} ${req.url} ${res.statusCode} ${record.responseTime} ms` : String(record.msg ?? '');
  const rest = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [head + what, ...rest].join(' ');
}

/** A destination that turns pino's JSON lines (one or a batch per write) into readable lines on `out`. */
function readableDestination(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      const lines = String(chunk).split('\n').filter((line) => line !== '');
      out.write(lines.map(readableLine).join('\n') + '\n');
      done();
    },
  });
}

/**
 * The service's logger: JSON lines for machines (files, collectors, `docker logs`), readable lines
 * when stdout is a terminal, where a person reads it.
 */
export function serviceLogger(level: string, stdout: NodeJS.WriteStream = process.stdout): Logger {
  const options = { level, redact: ['req.headers.authorization'] };
  return stdout.isTTY ? pino(options, readableDestination(stdout)) : pino(options);
}
