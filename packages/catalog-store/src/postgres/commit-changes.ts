import type { Tx } from '@companion/database';
import type { ErrorEntry } from '@companion/schema';
import type { LoggedRecord, ProposedChange } from '../op-log';
import { planChange, type EntryLookup } from '../plan-change';
import { CATALOG_CHANNEL } from './migrations';
import { loggedRecord } from './op-rows';

const WRITE = `
  WITH ops AS (
    INSERT INTO catalog_ops (seq, batch_id, timestamp, operation, flag, user_ip, actor, entry)
    SELECT r.seq, $2::uuid, r.timestamp, r.operation, r.flag, r.user_ip, r.actor, r.entry
    FROM json_to_recordset($1::json) AS r(seq bigint, timestamp text, operation text, flag text, user_ip text, actor text, entry json)
  ), entries AS (
    INSERT INTO catalog_entries (flag, entry, seq)
    SELECT e.flag, e.entry, e.seq FROM json_to_recordset($3::json) AS e(flag text, entry json, seq bigint)
    ON CONFLICT (flag) DO UPDATE SET entry = EXCLUDED.entry, seq = EXCLUDED.seq
  ), head AS (
    UPDATE catalog_head SET seq = $4::bigint
  )
  SELECT pg_notify('${CATALOG_CHANNEL}', $5::text)`;

/**
 * One batch inside one transaction: takes the head row's lock (every replica's commits queue
 * here, so seqs are gapless and commit in order), checks each proposal again against the
 * database's own state of its Flag (a Flag the log never recorded falls back to the replica's
 * files), writes the accepted records, the Flags' new states and the head, and notifies.
 * Returns each proposal's record or refusal.
 */
export async function commitChanges(tx: Tx, batchId: string, proposals: readonly ProposedChange[], files: EntryLookup): Promise<(LoggedRecord | Error)[]> {
  const { rows: heads } = await tx.query<{ seq: string }>('SELECT seq FROM catalog_head FOR UPDATE');
  let seq = Number(heads[0]!.seq);
  const flags = [...new Set(proposals.map(({ request }) => (request.operation === 'CREATE' ? request.input.Flag : request.flag)))];
  const { rows } = await tx.query<{ flag: string; entry: ErrorEntry | null }>('SELECT flag, entry FROM catalog_entries WHERE flag = ANY($1::text[])', [flags]);
  const logged = new Map(rows.map((row) => [row.flag, row.entry]));
  const after = new Map<string, { entry: ErrorEntry | null; seq: number }>();
  const lookup = (flag: string) => (after.has(flag) ? (after.get(flag)!.entry ?? undefined) : logged.has(flag) ? (logged.get(flag) ?? undefined) : files(flag));
  const outcomes = proposals.map((proposal): LoggedRecord | Error => {
    try {
      const change = planChange(proposal.request, lookup, `${proposal.who.timestamp}Z`);
      after.set(change.flag, { entry: change.after, seq: ++seq });
      return loggedRecord(seq, { ...proposal.who, operation: change.operation, flag: change.flag, entry: change.entry });
    } catch (error) {
      return error as Error;
    }
  });
  const records = outcomes.filter((o): o is LoggedRecord => !(o instanceof Error)).map((o) => o.record);
  if (records.length === 0) return outcomes;
  const states = [...after].map(([flag, { entry, seq: at }]) => ({ flag, entry, seq: at }));
  await tx.query(WRITE, [JSON.stringify(records), batchId, JSON.stringify(states), seq, String(seq)]);
  return outcomes;
}
