import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InstallTally, ROW_FIELDS, uptakeOfRows, type ActivityRow, type AdoptionStore, type BugVote, type GuardDay, type InstallCount } from './adoption-store';

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.tsv$/;
const VOTE_FILE = /^(\d{4}-\d{2}-\d{2})\.votes\.tsv$/;
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

/** The key in `<dir>/<name>`; null when there is none. */
async function readSecret(dir: string, name = 'secret'): Promise<Buffer | null> {
  const text = await readFile(join(dir, name), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  return text === null ? null : Buffer.from(text.trim(), 'hex');
}

/** The key in `<dir>/<name>`, made (32 random bytes, readable by the owner alone) when missing. */
async function loadSecret(dir: string, name: string): Promise<Buffer> {
  const held = await readSecret(dir, name);
  if (held !== null) return held;
  const path = join(dir, name);
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
 * Appends `lines` to the file at `path` (made 0600 when missing) and fsyncs it: the size it had
 * before and the text appended. A torn last line (a crash mid-append) is ended first, so the next
 * line starts clean.
 */
async function appendLines(dir: string, path: string, lines: readonly string[]): Promise<{ before: number; appended: string }> {
  const created = await stat(path).then(
    () => false,
    () => true,
  );
  const handle = await open(path, 'a+', 0o600);
  let before: number;
  let appended: string;
  try {
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
  return { before, appended };
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

/** What a DATA_DIR holds of installs seen active and the bug votes they cast, read only (for `db:import`); null when it never counted any. */
export async function readAdoptionDir(dataDir: string): Promise<{ secret: Buffer; rows: ActivityRow[]; votes: BugVote[] } | null> {
  const dir = join(dataDir, 'adoption');
  const secret = await readSecret(dir);
  if (secret === null) return null;
  const rows: ActivityRow[] = [];
  const votes: BugVote[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const day = DAY_FILE.exec(name)?.[1];
    if (day !== undefined) rows.push(...rowsOfDay(day, await readFile(join(dir, name), 'utf8')));
    const voteDay = VOTE_FILE.exec(name)?.[1];
    if (voteDay !== undefined) votes.push(...votesOfDay(voteDay, await readFile(join(dir, name), 'utf8')));
  }
  return { secret, rows, votes };
}

/** The votes of a day's vote file (`<install>\t<network>\t<version>` a line); a line torn by a crash is left out. */
function votesOfDay(day: string, text: string): BugVote[] {
  const votes: BugVote[] = [];
  for (const line of text.split('\n')) {
    const [install, network, version, extra] = line.split('\t');
    if (install === undefined || network === undefined || version === undefined || version === '' || extra !== undefined) continue;
    votes.push({ day, install, network, version });
  }
  return votes;
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
  const secret = await loadSecret(dir, 'secret');
  const credentialKey = await loadSecret(dir, 'credential-key');
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

  /**
   * Per install and version, the first day it was seen on the version and the first day a check
   * from another version was offered it: what votes and guards ask. Built from every day held on
   * first use, then kept as rows are added (about 150 bytes of memory per install and version).
   */
  let releases: InstallReleases | null = null;
  const installReleases = async (): Promise<InstallReleases> => {
    if (releases === null) {
      const built = new InstallReleases();
      for (const day of await heldDays('', '9999-12-31')) for (const row of (await readDay(day)).rows ?? []) built.note(row);
      releases ??= built;
    }
    return releases;
  };
  /** Per day, the votes held: `version\tinstall` and `version\tnetwork` keys, read from the day's vote file on first use. */
  const votesOf = new Map<string, Set<string>>();
  const dayVotes = async (day: string): Promise<Set<string>> => {
    let held = votesOf.get(day);
    if (held === undefined) {
      held = new Set();
      const text = await readFile(join(dir, `${day}.votes.tsv`), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));
      for (const line of text.split('\n')) {
        const [install, network, version, extra] = line.split('\t');
        if (version === undefined || extra !== undefined || version === '') continue; // a line torn by a crash
        held.add(`${version}\t${install}`).add(`${version}\t\u0000${network}`);
      }
      votesOf.set(day, held);
    }
    return held;
  };

  /**
   * The lines of the newest TALLIED_DAYS day files, so a row a flush sends again (an install that
   * checked again since) is not appended twice: about 100 bytes of memory per install and day.
   */
  const written = new Map<string, Set<string>>();
  const heldLines = async (day: string): Promise<Set<string>> => {
    let held = written.get(day);
    if (held === undefined) {
      const { rows } = await readDay(day);
      held = new Set((rows ?? []).map((r) => `${ROW_FIELDS.map((field) => r[field]).join('\t')}\n`));
      written.set(day, held);
      for (const older of [...written.keys()].sort().slice(0, -TALLIED_DAYS)) written.delete(older);
    }
    return held;
  };

  let voting: Promise<unknown> = Promise.resolve();
  async function addVotes(votes: readonly BugVote[]): Promise<void> {
    const known = await installReleases();
    const byDay = new Map<string, string[]>();
    for (const v of votes) {
      const first = known.firstSeen.get(`${v.install}\t${v.version}`);
      if (first === undefined || first > v.day) continue;
      const held = await dayVotes(v.day);
      const [byInstall, byNetwork] = [`${v.version}\t${v.install}`, `${v.version}\t\u0000${v.network}`];
      if (held.has(byInstall) || held.has(byNetwork)) continue;
      held.add(byInstall).add(byNetwork);
      const lines = byDay.get(v.day) ?? [];
      lines.push(`${v.install}\t${v.network}\t${v.version}\n`);
      byDay.set(v.day, lines);
    }
    for (const [day, lines] of byDay) {
      try {
        await appendLines(dir, join(dir, `${day}.votes.tsv`), lines);
      } catch (error) {
        votesOf.delete(day); // read again: what was not written is not held
        throw error;
      }
    }
  }

  return {
    secret,
    credentialKey,
    vote(votes: readonly BugVote[]) {
      // One at a time: each reads and extends the day's votes held.
      const run = voting.then(() => addVotes(votes));
      voting = run.catch(() => undefined);
      return run;
    },
    async guardDays(versions: readonly string[], from: string, to: string) {
      const known = await installReleases();
      const asked = new Set(versions);
      const out: GuardDay[] = [];
      for (const day of await heldDays(from, to)) {
        const perVersion = new Map<string, { installs: Set<string>; unoffered: Set<string> }>();
        for (const row of (await readDay(day)).rows ?? []) {
          if (!asked.has(row.version)) continue;
          let seen = perVersion.get(row.version);
          if (seen === undefined) perVersion.set(row.version, (seen = { installs: new Set(), unoffered: new Set() }));
          seen.installs.add(row.install);
          if (!known.wasOffered(row.install, row.version)) seen.unoffered.add(row.install);
        }
        const held = await dayVotes(day);
        for (const [version, seen] of perVersion) {
          let votes = 0;
          for (const key of held) if (key.startsWith(`${version}\t`) && key[version.length + 1] !== '\u0000') votes++;
          out.push({ day, version, installs: seen.installs.size, unoffered: seen.unoffered.size, votes });
        }
      }
      return out;
    },
    async add(rows: readonly ActivityRow[]) {
      const byDay = new Map<string, { lines: string[]; added: ActivityRow[] }>();
      for (const r of rows) {
        const line = `${ROW_FIELDS.map((field) => r[field]).join('\t')}\n`;
        const held = await heldLines(r.day);
        if (held.has(line)) continue;
        held.add(line);
        const day = byDay.get(r.day) ?? { lines: [], added: [] };
        day.lines.push(line);
        day.added.push(r);
        byDay.set(r.day, day);
      }
      for (const [day, { lines, added }] of byDay) {
        let appendedTo: { before: number; appended: string };
        try {
          appendedTo = await appendLines(dir, join(dir, `${day}.tsv`), lines);
        } catch (error) {
          written.delete(day); // read again: what was not written is not held
          throw error;
        }
        const { before, appended } = appendedTo;
        for (const r of added) releases?.note(r);
        // A tally of the file as it was counts the rows appended; otherwise the next count reads the file.
        const cached = cache.get(day);
        if (cached?.tally !== undefined && cached.size === before) {
          for (const r of added) cached.tally.add(r);
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
      let pruned = false;
      for (const name of await readdir(dir)) {
        const found = DAY_FILE.exec(name)?.[1] ?? VOTE_FILE.exec(name)?.[1];
        if (found !== undefined && found < day) {
          await rm(join(dir, name), { force: true });
          cache.delete(found);
          votesOf.delete(found);
          pruned = true;
        }
      }
      if (pruned) releases = null; // built again from the days left
    },
    async close() {},
  };
}

/** Per install and version: the first day seen on it, and the first day a check from another version was offered it. */
class InstallReleases {
  readonly firstSeen = new Map<string, string>();
  private readonly firstOffered = new Map<string, string>();

  note(row: ActivityRow): void {
    const on = `${row.install}\t${row.version}`;
    const seen = this.firstSeen.get(on);
    if (seen === undefined || row.day < seen) this.firstSeen.set(on, row.day);
    if (row.offered === '' || row.offered === row.version) return;
    const offer = `${row.install}\t${row.offered}`;
    const offered = this.firstOffered.get(offer);
    if (offered === undefined || row.day < offered) this.firstOffered.set(offer, row.day);
  }

  /** Whether the service offered `version` to the install on or before the first day it was seen on it. */
  wasOffered(install: string, version: string): boolean {
    const key = `${install}\t${version}`;
    const offered = this.firstOffered.get(key);
    return offered !== undefined && offered <= this.firstSeen.get(key)!;
  }
}
