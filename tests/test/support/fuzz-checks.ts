import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES } from '@companion/http-kit';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const HTML_PAGES = /^\/(notices|changelog|elements|codename|errors|docs|console)(\/|$)/;
/** Paths that answer JSON whatever the request accepts; an unknown path elsewhere may be the site's 404 page. */
const API_PATHS = /^\/(api|health|openapi\.json|metrics)?(\/|$)/;

/** Problems with one answer: a 5xx, or a body that is neither the documented error nor a documented success. */
export function replyProblems(method: string, target: string, reply: Reply): string[] {
  const problems: string[] = [];
  const { status, body } = reply;
  const type = String(reply.headers['content-type'] ?? '');
  if (status >= 500) problems.push(`status ${status}`);
  if (method === 'HEAD' || status === 304 || status === 204) {
    if (body !== '') problems.push(`status ${status} with a body`);
    return problems;
  }
  // Express routes `/metrics/` as `/metrics` (non-strict routing): the checks judge the route.
  const path = target.split('?')[0]!.replace(/(.)\/$/, '$1');
  if (type.startsWith('text/html')) {
    if (!HTML_PAGES.test(path) && !(status === 404 && !API_PATHS.test(path))) problems.push(`HTML answer on a non-page path`);
    return problems;
  }
  if (type.startsWith('text/css') && path.startsWith('/assets/') && status === 200) return problems;
  // The console's own script and stylesheet, and Chart.js; its pages send people on with 303.
  if (/^text\/(css|javascript); charset=utf-8$/.test(type) && path.startsWith('/console/assets/') && status === 200) return problems;
  if (status === 303 && path.startsWith('/console')) return problems;
  // A notice's event window as an iCalendar file.
  if (type === 'text/calendar; charset=utf-8' && /^\/api\/notice\/\d+\/event\.ics$/.test(path) && status === 200) return problems;
  // The feedback list's filtered view, to a credential with feedback:read.
  if (type === 'text/csv; charset=utf-8' && path === '/api/feedback/export' && status === 200) return problems;
  // Prometheus's text format, to a credential with health:read.
  if (type.startsWith('text/plain; version=0.0.4') && path === '/metrics' && status === 200) return problems;
  // The feeds (RSS, Atom, JSON Feed), each in its own media type.
  if (/^application\/(rss\+xml|atom\+xml|feed\+json); charset=utf-8$/.test(type) && path.startsWith('/feeds/') && status === 200) return problems;
  // The updaters' own formats: electron-updater's YAML channel files, Sparkle's appcast (RSS),
  // Squirrel.Windows' RELEASES, and the redirects to a build on its host (no body).
  if (type === 'application/yaml; charset=utf-8' && path.startsWith('/api/updates/electron/') && status === 200) return problems;
  if (type === 'application/rss+xml; charset=utf-8' && path.startsWith('/api/updates/sparkle/') && status === 200) return problems;
  if (type === 'text/plain; charset=utf-8' && /^\/api\/updates\/squirrel\/.*\/RELEASES$/.test(path) && status === 200) return problems;
  if (status === 302 && path.startsWith('/api/updates/')) return body === '' && reply.headers.location !== undefined ? problems : [...problems, 'a redirect without its Location, or with a body'];
  if (type !== 'application/json; charset=utf-8') return [...problems, `content-type ${JSON.stringify(type)}`];
  let json: any;
  try {
    json = JSON.parse(body);
  } catch {
    return [...problems, `body is not JSON: ${body.slice(0, 80)}`];
  }
  if (status >= 400) {
    const keys = Object.keys(json ?? {});
    if (keys.join() !== 'success,error,timestamp') problems.push(`error body keys ${keys.join()}`);
    if (json.success !== false) problems.push('error body without success:false');
    const code = json.error?.code as keyof typeof ERROR_CODES;
    if (!(code in ERROR_CODES)) problems.push(`code ${code} is not in the error catalogue`);
    else if (ERROR_CODES[code].status !== status) problems.push(`code ${code} is ${ERROR_CODES[code].status}, answered ${status}`);
    if (typeof json.error?.message !== 'string') problems.push('error without a message');
    const details = json.error?.details;
    if (details !== undefined && !(Array.isArray(details) && details.every((d: any) => typeof d?.path === 'string' && typeof d?.message === 'string'))) problems.push('details are not [{ path, message }]');
    if (!TIMESTAMP.test(json.timestamp)) problems.push(`timestamp ${json.timestamp}`);
    if (/\bat .*\.ts:\d+|\/tmp\/|node_modules/.test(body)) problems.push('a stack trace or a path in an error body');
    return problems;
  }
  // Tauri's updater JSON is Tauri's shape, not the envelope.
  if (path.startsWith('/api/updates/tauri/') && status === 200) return typeof json.version === 'string' && typeof json.platforms === 'object' ? problems : [...problems, 'tauri manifest without version and platforms'];
  // Squirrel.Mac's update JSON is SQRLUpdate's shape.
  if (path.startsWith('/api/updates/squirrel/') && status === 200) return typeof json.url === 'string' && typeof json.name === 'string' ? problems : [...problems, 'squirrel update without url and name'];
  if (path.replace(/\/$/, '') === '/openapi.json') return typeof json.openapi === 'string' ? problems : [...problems, 'openapi document without openapi'];
  const documented =
    (json.success === true && 'data' in json && TIMESTAMP.test(json.timestamp)) || // the envelope
    (json.success === true && typeof json.status === 'string' && TIMESTAMP.test(json.timestamp)) || // /health
    (typeof json.message === 'string' && typeof json.endpoints === 'object' && TIMESTAMP.test(json.timestamp)); // the index
  if (!documented) problems.push(`undocumented success shape: ${body.slice(0, 120)}`);
  if (json.success === true && 'count' in json && json.count !== (Array.isArray(json.data) ? json.data.length : Object.keys(json.data).length)) problems.push('count differs from data');
  return problems;
}

/**
 * Hidden names (a lock's temp files, an editor's): not something a request writes. The catalogue
 * keeps no bookkeeping beside its op log any more, and never writes the content folder.
 */
const BOOKKEEPING = (name: string) => name.startsWith('.');

/** Name, size and mtime of every record a request can write under the folders: equal fingerprints, nothing written. */
export async function fingerprint(dirs: string[]): Promise<string> {
  const lines: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (BOOKKEEPING(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const s = await stat(path).catch(() => null);
        if (s) lines.push(`${path} ${s.size} ${s.mtimeMs}`);
      }
    }
  };
  for (const dir of dirs) await walk(dir);
  return lines.sort().join('\n');
}

/** The fingerprint lines present in one of two fingerprints but not the other. */
export function changedLines(before: string, after: string): string[] {
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  return [...[...was].filter((line) => !now.has(line)).map((line) => `-${line}`), ...[...now].filter((line) => !was.has(line)).map((line) => `+${line}`)];
}

/** Resident memory of a process, in bytes. */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}
