import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { countRows, type ActivityRow, type AdoptionStore, type InstallCount } from './adoption-store';

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.tsv$/;

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The secret in `<dir>/secret`, made (32 random bytes, readable by the owner alone) when missing. */
async function loadSecret(dir: string): Promise<Buffer> {
  const path = join(dir, 'secret');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (text !== null) return Buffer.from(text.trim(), 'hex');
  const secret = randomBytes(32);
  const temp = `${path}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${secret.toString('hex')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await syncDir(dir);
  return secret;
}

/**
 * Installs seen active, in `DATA_DIR/adoption/<day>.tsv`: one line per row
 * (`<hash>\t<version>\t<channel>\t<platform>\t<arch>`), appended and fsync'd at each flush. A line
 * written twice (a flush retried) counts once. Pruning deletes whole day files. Counts of a day
 * are computed once per file size, so asking again about past days reads nothing.
 */
export async function openFileAdoptionStore(dataDir: string): Promise<AdoptionStore> {
  const dir = join(dataDir, 'adoption');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = await loadSecret(dir);
  const cache = new Map<string, { size: number; counts: InstallCount[] }>();

  async function dayCounts(day: string): Promise<InstallCount[]> {
    const path = join(dir, `${day}.tsv`);
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (size === 0) return [];
    const cached = cache.get(day);
    if (cached?.size === size) return cached.counts;
    const text = await readFile(path, 'utf8');
    const rows = [];
    for (const line of text.split('\n')) {
      const [install, version, , platform] = line.split('\t');
      // A line torn by a crash mid-append lacks its last fields: it is left out.
      if (install === undefined || platform === undefined || line.split('\t').length !== 5) continue;
      rows.push({ day, install, version: version!, platform });
    }
    const counts = countRows(rows);
    cache.set(day, { size, counts });
    return counts;
  }

  return {
    secret,
    async add(rows: readonly ActivityRow[]) {
      const byDay = new Map<string, string[]>();
      for (const r of rows) {
        const lines = byDay.get(r.day) ?? [];
        lines.push(`${r.install}\t${r.version}\t${r.channel}\t${r.platform}\t${r.arch}\n`);
        byDay.set(r.day, lines);
      }
      for (const [day, lines] of byDay) {
        const path = join(dir, `${day}.tsv`);
        const created = await stat(path).then(
          () => false,
          () => true,
        );
        const handle = await open(path, 'a+', 0o600);
        try {
          // A torn last line (a crash mid-append) ends here, so the next line starts clean.
          const { size } = await handle.stat();
          const head = size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, size - 1)).buffer.toString() : '\n';
          await handle.writeFile((head === '\n' ? '' : '\n') + lines.join(''));
          await handle.sync();
        } finally {
          await handle.close();
        }
        if (created) await syncDir(dir);
      }
    },
    async counts(from: string, to: string) {
      const days = (await readdir(dir)).map((name) => DAY_FILE.exec(name)?.[1]).filter((day): day is string => day !== undefined && day >= from && day <= to);
      return (await Promise.all(days.sort().map(dayCounts))).flat();
    },
    async prune(day: string) {
      for (const name of await readdir(dir)) {
        const found = DAY_FILE.exec(name)?.[1];
        if (found !== undefined && found < day) {
          await rm(join(dir, name), { force: true });
          cache.delete(found);
        }
      }
    },
    async close() {},
  };
}
