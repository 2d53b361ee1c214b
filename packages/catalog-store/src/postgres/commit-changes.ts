import type { Database, WriteDeadline } from '@companion/database';
import { KEY_RETENTION_MS, KeyTakenError, type IdempotencyClaim } from '@companion/idempotency';
import { StorageUnavailableError } from '@companion/journal';
import { BatchPlanner } from '../batch-plan';
import { upgradeState } from '../entry-state';
import type { CatalogueView, LoggedRecord, ProposedChange } from '../op-log';
import type { FlagState } from '../overlay';
import { loggedRecord } from './op-rows';

/** Each attempt learns the states it lost to; only a Flag changed again by others in every round trip gets here. */
const MAX_ATTEMPTS = 50;

/** A Flag's state as the database returns it: null state and seq 0 when it has no record. */
interface StaleFlag {
  flag: string;
  state: FlagState['state'] | null;
  seq: number | string;
}

interface CommitAnswer {
  /** Flags another replica changed since the replica's plan: nothing was written. */
  stale: StaleFlag[] | null;
  /** The changes (`at`) whose Idempotency-Keys are held already: nothing was written. */
  held?: number[] | null;
  first: number;
}

/** A batch planned against what the replica knows, ready for `catalog_commit`. */
export interface PlannedBatch {
  outcomes: (LoggedRecord | Error)[];
  bases: { flag: string; seq: number }[];
  changes: object[];
  /** The proposal (its index) each change (its \`at\` - 1) was planned from. */
  planned: number[];
}

/**
 * Plans each proposal, in order, against the batch's earlier changes, then the database's states
 * learnt so far (`known`; null: the Flag has no record), then the replica's own; the records'
 * seqs are placeholders until the database gives the first. A request's precondition (If-Match)
 * is judged again here, so when another replica changed the entry first it is refused (412)
 * against the database's state.
 */
function plan(proposals: readonly ProposedChange[], catalogue: CatalogueView, known: ReadonlyMap<string, FlagState | null>, held: ReadonlySet<number>): PlannedBatch {
  const planner = new BatchPlanner({ ...catalogue, file: (flag) => catalogue.file(flag), state: (flag) => (known.has(flag) ? (known.get(flag) ?? undefined) : catalogue.state(flag)) });
  const bases = new Map<string, number>();
  const changes: object[] = [];
  const planned: number[] = [];
  const outcomes = proposals.map((proposal, index): LoggedRecord | Error => {
    // Its key is another change's: not planned (the caller recalls the key).
    if (held.has(index)) return new KeyTakenError(proposal.who.idempotency as IdempotencyClaim);
    const { request } = proposal;
    const flag = request.operation === 'CREATE' ? request.input.Flag : request.flag;
    if (!bases.has(flag)) bases.set(flag, known.has(flag) ? (known.get(flag)?.seq ?? 0) : (catalogue.state(flag)?.seq ?? 0));
    try {
      const change = planner.plan(request, `${proposal.who.timestamp}Z`);
      const fields = { ...proposal.who, operation: change.operation, flag: change.flag, entry: change.entry, state: change.state, ...(change.restored !== undefined && { restored: change.restored }) };
      changes.push({ at: changes.length + 1, ...fields });
      planned.push(index);
      return loggedRecord(changes.length, fields);
    } catch (error) {
      return error as Error;
    }
  });
  return { outcomes, bases: [...bases].map(([flag, seq]) => ({ flag, seq })), changes, planned };
}

/** The planned records under their real seqs (one commit's records are consecutive from `first`). */
export const numbered = (outcomes: readonly (LoggedRecord | Error)[], first: number): (LoggedRecord | Error)[] =>
  outcomes.map((outcome) => (outcome instanceof Error ? outcome : loggedRecord(first + outcome.record.seq - 1, outcome.record)));

/**
 * The commit with the Idempotency-Keys its changes carry, in the same statement: each key's row
 * names its record's seq and commits with it, or neither does. A key another replica committed
 * meanwhile keeps its first row: a change under it would have been refused as a duplicate Flag
 * unless its request differed, and such a request is refused (422) when it is retried. A row past
 * the retention ($5, ms), not swept yet, is the key's no longer: it is replaced.
 */
const COMMIT_WITH_KEYS = `WITH committed AS (SELECT catalog_commit($1, $2, $3, $4, $5) AS answer),
  keyed AS (
    INSERT INTO idempotency_keys (owner, key, fingerprint, kind, ref)
    SELECT k.idempotency->>'owner', k.idempotency->>'key', k.idempotency->>'fingerprint', 'catalog', ((c.answer->>'first')::bigint + k.at - 1)::text
    FROM committed AS c, json_to_recordset($3::json) AS k(at bigint, idempotency json)
    WHERE c.answer->>'stale' IS NULL AND c.answer->>'held' IS NULL AND k.idempotency IS NOT NULL
    ON CONFLICT (owner, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, kind = EXCLUDED.kind, ref = EXCLUDED.ref, created_at = now()
    WHERE idempotency_keys.created_at <= now() - $5 * interval '1 millisecond')
  SELECT answer FROM committed`;

/**
 * One batch in one statement (`catalog_commit`), which refuses to commit past `deadline` (every
 * attempt of the batch shares it). The database checks that no other replica
 * changed the batch's Flags since the records this replica planned against; if one did, the
 * batch is planned again against the states it returned (409 and 404 decided by the database's
 * own state) and sent again. Returns each proposal's record or refusal. `onPlanned` sees the
 * plan actually sent, so a lost answer can still be told from the batch id.
 */
export async function commitChanges(db: Database, batchId: string, deadline: WriteDeadline, proposals: readonly ProposedChange[], catalogue: CatalogueView, onPlanned: (batch: PlannedBatch) => void): Promise<(LoggedRecord | Error)[]> {
  const known = new Map<string, FlagState | null>();
  const held = new Set<number>();
  for (let attempt = 1; ; attempt++) {
    const batch = plan(proposals, catalogue, known, held);
    onPlanned(batch);
    const keyed = proposals.some((proposal) => proposal.who.idempotency);
    const values = [batchId, JSON.stringify(batch.bases), JSON.stringify(batch.changes), deadline.at];
    const { rows } = await db.statement<{ answer: CommitAnswer }>(keyed ? COMMIT_WITH_KEYS : 'SELECT catalog_commit($1, $2, $3, $4) AS answer', keyed ? [...values, KEY_RETENTION_MS] : values);
    const answer = rows[0]!.answer;
    if (answer.held) {
      // Planned again without the changes whose keys are held; the others are sent as they were.
      for (const at of answer.held) held.add(batch.planned[at - 1]!);
      continue;
    }
    if (!answer.stale) return numbered(batch.outcomes, Number(answer.first));
    if (attempt === MAX_ATTEMPTS) throw new StorageUnavailableError(`other replicas changed ${answer.stale.map((s) => s.flag).join(', ')} in each of ${MAX_ATTEMPTS} attempts to commit; retry`);
    for (const stale of answer.stale) known.set(stale.flag, stale.state && Number(stale.seq) > 0 ? { state: upgradeState(stale.state), seq: Number(stale.seq) } : null);
  }
}
