import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InstallTally, ROW_FIELDS, uptakeOfRows, type ActivityRow, type AdoptionStore, type InstallCount } from './adoption-store';

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.tsv$/;
/** Days whose tally of installs is kept (today's and yesterday's, which flushes append to). */
const TALLIED_DAYS = 2;

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The secret in `<dir>/secret`; null when there is none. */
async function readSecret(dir: string): Promise<Buffer | null> {
  const text = await readFile(join(dir, 'secret'), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  return text === null ? null : Buffer.from(text.trim(), 'hex');
}

/** The secret in `<dir>/secret`, made (32 random bytes, readable by the owner alone) when missing. */
async function loadSecret(dir: string): Promise<Buffer> {
  const held = await readSecret(dir);
  if (held !== null) return held;
  const path = join(dir, 'secret');
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

/** The rows of a day file's text. */
function rowsOfDay(day: string, text: string): ActivityRow[] {
  const rows: ActivityRow[] = [];
  for (const line of text.split('\n')) {
    const fields = line.split('\t');
    // Lines written before offers were kept have five fields. A line torn by a crash
    // mid-append lacks its last fields: it is left out.
    if (fields.length !== 6 && fields.length !== 5) continue;
    const [install, version, channel, platform, arch, offered = ''] = fields as [string, string, string, string, string, string?];
    rows.push({ day, install, version, channel, platform, arch, offered });
  }
  return rows;
}

/** What a DATA_DIR holds of installs seen active, read only (for `db:import`); null when it never counted any. */
export async function readAdoptionDir(dataDir: string): Promise<{ secret: Buffer; rows: ActivityRow[] } | null> {
  const dir = join(dataDir, 'adoption');
  const secret = await readSecret(dir);
  if (secret === null) return null;
  const rows: ActivityRow[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const day = DAY_FILE.exec(name)?.[1];
    if (day !== undefined) rows.push(...rowsOfDay(day, await readFile(join(dir, name), 'utf8')));
  }
  return { secret, rows };
}

/**
 * Installs seen active, in `DATA_DIR/adoption/<day>.tsv`: one line per row
 * (`<hash>\t<version>\t<channel>\t<platform>\t<arch>\t<offered>`), appended and fsync'd at each flush. A line
 * written twice (a flush retried) counts once. Pruning deletes whole day files. Counts of a day
 * are computed once per file size, so asking again about past days reads nothing.
 */
export async function openFileAdoptionStore(dataDir: string): Promise<AdoptionStore> {
  const dir = join(dataDir, 'adoption');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = await loadSecret(dir);
  /**
   * Counts per day file, valid while the file has `size` bytes. The newest TALLIED_DAYS days keep
   * their tally, so what this process appends is counted as it is written (it alone writes here:
   * the data lock); older days keep their counts only.
   */
  const cache = new Map<string, { size: number; counts: InstallCount[]; tally?: InstallTally }>();

  /** The rows of a day file, its size (0: none) and the rows (null when the caller has what that size holds). */
  async function readDay(day: string, knownSize = -1): Promise<{ size: number; rows: ActivityRow[] | null }> {
    const path = join(dir, `${day}.tsv`);
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (size === 0 || size === knownSize) return { size, rows: size === 0 ? [] : null };
    return { size, rows: rowsOfDay(day, await readFile(path, 'utf8')) };
  }

  async function dayCounts(day: string): Promise<InstallCount[]> {
    const cached = cache.get(day);
    const { size, rows } = await readDay(day, cached?.size);
    if (rows === null) return cached!.counts;
    const tally = InstallTally.of(rows);
    const counts = tally.counts();
    cache.set(day, { size, counts, tally });
    const tallied = [...cache].filter(([, entry]) => entry.tally !== undefined).map(([held]) => held).sort();
    for (const older of tallied.slice(0, -TALLIED_DAYS)) delete cache.get(older)!.tally;
    return counts;
  }

  const heldDays = async (from: string, to: string) =>
    (await readdir(dir))
      .map((name) => DAY_FILE.exec(name)?.[1])
      .filter((day): day is string => day !== undefined && day >= from && day <= to)
      .sort();

  return {
    secret,
    async add(rows: readonly ActivityRow[]) {
      const byDay = new Map<string, string[]>();
      for (const r of rows) {
        const lines = byDay.get(r.day) ?? [];
        lines.push(`${ROW_FIELDS.map((field) => r[field]).join('\t')}\n`);
        byDay.set(r.day, lines);
      }
      for (const [day, lines] of byDay) {
        const path = join(dir, `${day}.tsv`);
        let appended = '';
        let before = -1;
        const created = await stat(path).then(
          () => false,
          () => true,
        );
        const handle = await open(path, 'a+', 0o600);
        try {
          // A torn last line (a crash mid-append) ends here, so the next line starts clean.
          const { size } = await handle.stat();
          const head = size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, size - 1)).buffer.toString() : '\n';
          appended = (head === '\n' ? '' : '\n') + lines.join('');
          await handle.writeFile(appended);
          await handle.sync();
          before = size;
        } finally {
          await handle.close();
        }
        if (created) await syncDir(dir);
        // A tally of the file as it was counts the rows appended; otherwise the next count reads the file.
        const cached = cache.get(day);
        if (cached?.tally !== undefined && cached.size === before) {
          for (const r of rows) if (r.day === day) cached.tally.add(r);
          cached.size = before + Buffer.byteLength(appended);
          cached.counts = cached.tally.counts();
        }
      }
    },
    async counts(from: string, to: string) {
      return (await Promise.all((await heldDays(from, to)).map(dayCounts))).flat();
    },
    async uptake(version: string, from: string, to: string) {
      // Every day held up to `to`: an offer made before `from` counts for a later check-in.
      const rows: ActivityRow[] = [];
      for (const day of await heldDays('', to)) rows.push(...((await readDay(day)).rows ?? []));
      return uptakeOfRows(rows, version, from, to);
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
