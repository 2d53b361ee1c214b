/**
 * A log this one continues: its records up to `through` are this log's records too. A log gets
 * a new id (and its old one becomes an ancestor) when it is found restored below what
 * catalog-exports.yaml says was exported under its id (see restoredBelowExport).
 */
export interface LogAncestor {
  log_id: string;
  through: number;
}

/** What catalog-exports.yaml names a log by: its id, and the ids it was known by before. */
export interface LogIdentity {
  id: string;
  ancestors: readonly LogAncestor[];
}

/**
 * How far files whose catalog-exports.yaml says `exports` hold the log: its own marker, or what
 * they hold of an ancestor's records (never past the records it shares with the ancestor).
 */
export function exportedSeq(identity: LogIdentity, exports: ReadonlyMap<string, number>): number {
  let seq = exports.get(identity.id) ?? 0;
  for (const { log_id, through } of identity.ancestors) seq = Math.max(seq, Math.min(exports.get(log_id) ?? 0, through));
  return seq;
}

/**
 * Why the log cannot go on under its id, or null: it ends at `head`, before the seq files say
 * they hold of it. Its next records would take seqs the files count as exported, and be served
 * as the files have them (lost) and never exported: the log was restored from a backup older
 * than the last export.
 */
export function restoredBelowExport(identity: LogIdentity, head: number, exports: ReadonlyMap<string, number>): string | null {
  const marker = exports.get(identity.id) ?? 0;
  if (marker <= head) return null;
  return `the catalogue log ${identity.id} ends at seq ${head}, but catalog-exports.yaml says the content files hold it up to seq ${marker} (was it restored from a backup older than the last export?)`;
}

/** The id file's text: the id, then one `continues <id> <through>` line per ancestor. */
export function identityText(identity: LogIdentity): string {
  return [identity.id, ...identity.ancestors.map((a) => `continues ${a.log_id} ${a.through}`)].join('\n') + '\n';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads identityText's form back; null when the first line is not an id. */
export function parseIdentity(text: string): LogIdentity | null {
  const [id, ...rest] = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (!id || !UUID.test(id)) return null;
  const ancestors: LogAncestor[] = [];
  for (const line of rest) {
    const match = /^continues ([0-9a-f-]{36}) (\d+)$/.exec(line);
    if (match && UUID.test(match[1]!)) ancestors.push({ log_id: match[1]!, through: Number(match[2]) });
  }
  return { id, ancestors };
}
