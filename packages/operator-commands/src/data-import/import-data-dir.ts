import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DRAFTS_FILE, LOG_ID_FILE, OP_LOG_FILE, parseIdentity } from '@companion/catalog-store';
import type { RolloutHalt, ShareSetting } from '@companion/rollout-store';
import type { Database, Tx } from '@companion/database';
import { FEEDBACK_EVENTS_FILE, FEEDBACK_FILE } from '@companion/feedback-store';
import { replaceFile, syncDirectory } from '@companion/journal';
import { importDrafts, importFeedbackWork, importLineage, type WorkReport } from './import-work';
import { importSearchFeedback, type SearchFeedbackReport } from './import-search-feedback';
import { SEARCH_FEEDBACK_FILE } from '@companion/search-feedback';
import { readJournal } from './read-journal';
import { readAdoptionDir } from '@companion/adoption-store';
import { addVotes, importActivity } from '@companion/adoption-store/postgresql';
import { LINEAGE_FILE } from '@companion/restore-watch';
import { CommandRefusal } from '../cli/database-command';

/** Written into DATA_DIR once its data is in PostgreSQL: what was imported, and how large each file was then. */
export const IMPORTED_FILE = 'imported.json';
const OUTBOX = 'outbox';
const ROWS_PER_STATEMENT = 1000;

export interface ImportReport extends WorkReport {
  feedback: { read: number; imported: number };
  mail: { read: number; imported: number };
  catalog: { read: number; imported: number; logId: string | null };
  /** Halted rollouts (resumed ones too, as history). */
  halts: { read: number; imported: number };
  /** Console share settings (`rollout-shares.json`), for versions the database holds none of yet. */
  shares: { read: number; imported: number };
  /**
   * Installs seen active (rows of `adoption/<day>.tsv`). `secret`: `carried` when the database
   * now hashes install ids under the box's key (it had counted nothing yet, or under that key
   * already), `different` when it had counted installs under its own key: the imported days then
   * stay as they were, but an install seen on both sides is two installs.
   */
  adoption: { read: number; imported: number; secret: 'carried' | 'different' | null };
  /** Bug votes (rows of `adoption/<day>.votes.tsv`) that counted: from an install seen on the release, once per install and network. */
  votes: { read: number; imported: number };
  search: SearchFeedbackReport;
}

const HALTS_FILE = 'rollout-halts.json';
const SHARES_FILE = 'rollout-shares.json';
const ADOPTION = 'adoption';
const ADOPTION_DAY = /^\d{4}-\d{2}-\d{2}(\.votes)?\.tsv$/;

/** A uuid made from text: the same file record always gets the same key, so importing again inserts nothing twice. */
const uuidOf = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** What a folder of data holds that a database would not: the files and their sizes. */
export async function dataFiles(dataDir: string): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const name of [FEEDBACK_FILE, FEEDBACK_EVENTS_FILE, OP_LOG_FILE, DRAFTS_FILE, HALTS_FILE, SHARES_FILE, LINEAGE_FILE, SEARCH_FEEDBACK_FILE]) {
    const size = await stat(join(dataDir, name)).then((s) => s.size, () => 0);
    if (size > 0) sizes[name] = size;
  }
  const days = await readdir(join(dataDir, ADOPTION)).catch(() => [] as string[]);
  for (const name of days.filter((n) => ADOPTION_DAY.test(n))) sizes[`${ADOPTION}/${name}`] = (await stat(join(dataDir, ADOPTION, name))).size;
  const mail = await readdir(join(dataDir, OUTBOX)).catch(() => [] as string[]);
  for (const name of mail.filter((n) => n.endsWith('.eml'))) sizes[`${OUTBOX}/${name}`] = (await stat(join(dataDir, OUTBOX, name))).size;
  return sizes;
}

/**
 * The files of `dataDir` that hold data a database-backed service would not serve: everything
 * `dataFiles` lists, less what `imported.json` says was imported at that size.
 */
export async function unimportedFiles(dataDir: string): Promise<string[]> {
  const sizes = await dataFiles(dataDir);
  const imported = await readFile(join(dataDir, IMPORTED_FILE), 'utf8').then((text) => (JSON.parse(text) as { files: Record<string, number> }).files, () => ({}) as Record<string, number>);
  return Object.keys(sizes).filter((name) => imported[name] !== sizes[name]).sort();
}

async function importFeedback(tx: Tx, dataDir: string): Promise<ImportReport['feedback']> {
  type Stored = { seq: number; created_at: string; type: string; content: string; contact?: string; client_version?: string; platform?: string; user_ip: string };
  const records = await readJournal<Stored>(join(dataDir, FEEDBACK_FILE));
  if (records.length === 0) return { read: 0, imported: 0 };
  const rows = records.map((r) => ({ id: r.seq, receipt: uuidOf(`feedback ${r.seq} ${r.created_at}`), created_at: r.created_at, type: r.type, content: r.content, contact: r.contact ?? null, client_version: r.client_version ?? null, platform: r.platform ?? null, user_ip: r.user_ip }));
  await tx.query('LOCK TABLE feedback IN EXCLUSIVE MODE');
  // Ids are kept: a database whose feedback already uses them for something else is refused.
  const { rows: clashes } = await tx.query<{ id: string }>('SELECT f.id FROM feedback f JOIN json_to_recordset($1) AS r(id bigint, receipt uuid) ON r.id = f.id WHERE f.receipt <> r.receipt LIMIT 1', [JSON.stringify(rows.map(({ id, receipt }) => ({ id, receipt })))]);
  if (clashes.length > 0) throw new CommandRefusal(`the database already holds other feedback under id ${clashes[0]!.id}: import into a database that has taken no feedback yet`);
  let imported = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const { rows: added } = await tx.query<{ n: string }>(
      `WITH added AS (
         INSERT INTO feedback (id, receipt, created_at, type, content, contact, client_version, platform, user_ip) OVERRIDING SYSTEM VALUE
         SELECT id, receipt, created_at, type, content, contact, client_version, platform, user_ip
         FROM json_to_recordset($1) AS r(id bigint, receipt uuid, created_at timestamp(6), type text, content text, contact text, client_version text, platform text, user_ip text)
         ON CONFLICT (id) DO NOTHING RETURNING created_at, type),
       daily AS (
         INSERT INTO feedback_daily (day, type, count) SELECT created_at::date, type, count(*) FROM added GROUP BY 1, 2
         ON CONFLICT (day, type) DO UPDATE SET count = feedback_daily.count + EXCLUDED.count)
       SELECT count(*) AS n FROM added`,
      [JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))],
    );
    imported += Number(added[0]!.n);
  }
  // New feedback continues after the highest id, imported or not.
  await tx.query("SELECT setval(pg_get_serial_sequence('feedback', 'id'), GREATEST((SELECT max(id) FROM feedback), 1))");
  return { read: rows.length, imported };
}

/** The addresses of the To and Cc headers of a raw message (Bcc is not in the message: the file outbox never had it). */
function recipientsOf(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const lines = head.split(/\r?\n/).filter((line) => /^(to|cc):/i.test(line));
  return lines.flatMap((line) => [...line.matchAll(/<([^>\s]+@[^>\s]+)>|([^\s<>,;:"]+@[^\s<>,;"]+)/g)].map((m) => m[1] ?? m[2]!));
}

async function importMail(tx: Tx, dataDir: string): Promise<ImportReport['mail']> {
  const names = (await readdir(join(dataDir, OUTBOX)).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  let imported = 0;
  for (const name of names) {
    const raw = await readFile(join(dataDir, OUTBOX, name));
    const text = raw.toString('utf8');
    const messageId = /^Message-ID:\s*(\S+)/im.exec(text.split(/\r?\n\r?\n/, 1)[0]!)?.[1] ?? `<${name}@imported>`;
    // `20261125T220440.123456Z-...eml`: the time it was queued, to the microsecond.
    const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{6})Z-/.exec(name);
    const queuedAt = stamp ? `${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}.${stamp[7]}` : (await stat(join(dataDir, OUTBOX, name))).mtime.toISOString().replace('Z', '');
    const { rowCount } = await tx.query('INSERT INTO mail_outbox (message_id, name, queued_at, recipients, raw) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (message_id) DO NOTHING', [messageId, name, queuedAt, recipientsOf(text), raw]);
    imported += rowCount ?? 0;
  }
  return { read: names.length, imported };
}

/** The halts of `rollout-halts.json`, each once (by version and time halted); one in force on both sides is kept as the database has it. */
async function importHalts(tx: Tx, dataDir: string): Promise<ImportReport['halts']> {
  const text = await readFile(join(dataDir, HALTS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (text === null) return { read: 0, imported: 0 };
  // A file written before people could halt lacks who and why: the guard's, as the file store reads it.
  const { halts } = JSON.parse(text) as { halts: (Omit<RolloutHalt, 'halted_by' | 'reason' | 'resume_reason'> & Partial<RolloutHalt>)[] };
  let imported = 0;
  for (const h of halts) {
    const { rowCount } = await tx.query(
      `INSERT INTO rollout_halt (version, channel, day, halted_at, figures, notify, notified_at, resumed_at, resumed_by, halted_by, reason, resume_reason)
       SELECT $1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11, $12 WHERE NOT EXISTS (SELECT 1 FROM rollout_halt WHERE version = $1 AND halted_at = $4)
       ON CONFLICT DO NOTHING`,
      [h.version, h.channel, h.day, h.halted_at, h.figures === null ? null : JSON.stringify(h.figures), h.notify, h.notified_at, h.resumed_at, h.resumed_by, h.halted_by ?? 'guard', h.reason ?? null, h.resume_reason ?? null],
    );
    imported += rowCount ?? 0;
  }
  // Replicas already running read the table again.
  if (imported > 0) await tx.query(`SELECT pg_notify('rollout_halt', 'import')`);
  return { read: halts.length, imported };
}

/**
 * Console share settings, each version's chain in order (a setting names the one it followed), for
 * the versions the database holds no setting of: a chain is never spliced into another.
 */
async function importShares(tx: Tx, dataDir: string): Promise<ImportReport['shares']> {
  const text = await readFile(join(dataDir, SHARES_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (text === null) return { read: 0, imported: 0 };
  const { shares } = JSON.parse(text) as { shares: ShareSetting[] };
  const held = new Set((await tx.query<{ version: string }>('SELECT DISTINCT version FROM rollout_share')).rows.map((r) => r.version));
  const ids = new Map<number, number>();
  let imported = 0;
  for (const s of [...shares].sort((a, b) => a.id - b.id)) {
    if (held.has(s.version)) continue;
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO rollout_share (version, channel, rollout, file_rollout, replaces, set_at, set_by, reason, superseded_at, superseded_by_rollout)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [s.version, s.channel, s.rollout, s.file_rollout, s.replaces === null ? null : ids.get(s.replaces) ?? null, s.set_at, s.set_by, s.reason, s.superseded_at, s.superseded_by_rollout],
    );
    ids.set(s.id, Number(rows[0]!.id));
    imported++;
  }
  if (imported > 0) await tx.query(`SELECT pg_notify('rollout_halt', 'import')`);
  return { read: shares.length, imported };
}

/**
 * The installs seen active: every row of the box's day files, added to the database's daily
 * figures as a replica's flush adds them (a row already counted counts nothing), and the keys
 * the box hashed install ids and signed install credentials with, so an install hashes alike and
 * its credential still holds after the move (see ImportReport). Rows that bring nothing new (the
 * same install, day, version, platform and offer as another row) are not counted as imported.
 */
async function importAdoption(tx: Tx, dataDir: string): Promise<Pick<ImportReport, 'adoption' | 'votes'>> {
  const store = await readAdoptionDir(dataDir);
  if (store === null) return { adoption: { read: 0, imported: 0, secret: null }, votes: { read: 0, imported: 0 } };
  const { rows } = store;
  const keyText = await readFile(join(dataDir, ADOPTION, 'credential-key'), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  const credentialKey = keyText === null ? null : Buffer.from(keyText.trim(), 'hex');
  const held = await tx.query<{ secret: Buffer }>('SELECT secret FROM adoption_secret FOR UPDATE');
  const counted = (await tx.query('SELECT 1 FROM daily_installs LIMIT 1')).rows.length > 0;
  let secret: ImportReport['adoption']['secret'] = 'carried';
  if (held.rows.length === 0) await tx.query('INSERT INTO adoption_secret (id, secret, credential_key) VALUES (true, $1, $2)', [store.secret, credentialKey]);
  else if (!held.rows[0]!.secret.equals(store.secret)) {
    if (counted) secret = 'different';
    else await tx.query('UPDATE adoption_secret SET secret = $1', [store.secret]);
  }
  // The credential key goes with the secret: kept where the database counted under its own.
  if (secret === 'carried' && credentialKey !== null) await tx.query('UPDATE adoption_secret SET credential_key = $1', [credentialKey]);
  const imported = await importActivity(tx, rows);
  // After the installs: a vote counts only from an install seen on its release.
  const votes = await addVotes(tx, store.votes);
  return { adoption: { read: rows.length, imported, secret }, votes: { read: store.votes.length, imported: votes } };
}

async function importCatalog(tx: Tx, dataDir: string): Promise<ImportReport['catalog']> {
  type Stored = { seq: number; timestamp: string; operation: string; flag: string; user_ip: string; actor: string; entry: object; state?: object };
  const records = await readJournal<Stored>(join(dataDir, OP_LOG_FILE));
  const identity = parseIdentity(await readFile(join(dataDir, LOG_ID_FILE), 'utf8').catch(() => ''));
  const logId = identity?.id ?? null;
  if (records.length === 0) return { read: 0, imported: 0, logId };
  const batch = uuidOf(`catalog ${logId ?? dataDir}`);
  const { rows } = await tx.query<{ seq: string }>('SELECT seq FROM catalog_head FOR UPDATE');
  const head = Number(rows[0]!.seq);
  const { rows: mine } = await tx.query<{ n: string }>('SELECT count(*) AS n FROM catalog_ops WHERE batch_id = $1', [batch]);
  const already = Number(mine[0]!.n);
  // The log keeps its seqs and order: only onto an empty log, or onto this same import.
  if (head !== already) {
    throw new CommandRefusal(`the database's catalogue log already holds ${head} records${already > 0 ? ` (${already} of them from this folder, and others since)` : ''}: the folder's ${records.length} records keep their seqs only in a log that has none of its own; import into a new database`);
  }
  const rest = records.filter((r) => r.seq > already);
  for (let i = 0; i < rest.length; i += ROWS_PER_STATEMENT) {
    const chunk = rest.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({ seq: r.seq, timestamp: r.timestamp, operation: r.operation, flag: r.flag, user_ip: r.user_ip, actor: r.actor, entry: r.entry, state: r.state ?? null }));
    await tx.query(
      `INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry, state)
       SELECT seq, $2, timestamp, operation, flag, user_ip, actor, entry, state
       FROM json_to_recordset($1) AS r(seq bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json, state json)`,
      [JSON.stringify(chunk), batch],
    );
  }
  if (rest.length > 0) {
    await tx.query(
      `INSERT INTO catalog_entries (flag, entry, state, seq)
       SELECT DISTINCT ON (flag) flag, CASE WHEN operation = 'DELETE' THEN NULL ELSE entry END, state, seq FROM catalog_ops ORDER BY flag, seq DESC
       ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, state = EXCLUDED.state, seq = EXCLUDED.seq`,
    );
    await tx.query('UPDATE catalog_head SET seq = $1', [records.at(-1)!.seq]);
    // The log keeps its id and the ids it continues: catalog-exports.yaml names it by them.
    if (identity) await tx.query('UPDATE catalog_log SET log_id = $1, ancestors = $2', [identity.id, JSON.stringify(identity.ancestors)]);
    await tx.query(`SELECT pg_notify('catalog_ops', $1)`, [String(records.at(-1)!.seq)]);
  }
  return { read: records.length, imported: rest.length, logId };
}

/**
 * Moves the data of a flat-file DATA_DIR into PostgreSQL (migrated first): feedback with its
 * ids and times (new ids continue after them) and its work (statuses, notes, erasures), the mail
 * outbox's messages, the catalogue's op log with its seqs, order and id, its drafts, the halted
 * rollouts and share settings, the installs seen active and their bug votes, the restore
 * lineage with the restores noticed, and the search counts and staff answers, in one transaction: a refused import writes nothing.
 * Idempotent: what is there already is not inserted again.
 * The files are left as they are; `imported.json` records what was imported at which size, so
 * the service stops warning about them (and warns again if they grow).
 */
export async function importDataDir(db: Database, dataDir: string): Promise<ImportReport> {
  const files = await dataFiles(dataDir);
  // The catalogue first: its refusal (a log that is not this folder's) is the likeliest.
  const report = await db.transaction(async (tx) => {
    const catalog = await importCatalog(tx, dataDir);
    const drafts = await importDrafts(tx, dataDir);
    const feedback = await importFeedback(tx, dataDir);
    return {
      feedback,
      feedbackWork: await importFeedbackWork(tx, dataDir),
      mail: await importMail(tx, dataDir),
      catalog,
      drafts,
      halts: await importHalts(tx, dataDir),
      shares: await importShares(tx, dataDir),
      ...(await importAdoption(tx, dataDir)),
      lineage: await importLineage(tx, dataDir),
      search: await importSearchFeedback(tx, dataDir),
    };
  });
  await replaceFile(join(dataDir, IMPORTED_FILE), join(dataDir, `${IMPORTED_FILE}.tmp`), `${JSON.stringify({ at: new Date().toISOString(), report, files }, null, 2)}\n`);
  await syncDirectory(dataDir);
  return report;
}
