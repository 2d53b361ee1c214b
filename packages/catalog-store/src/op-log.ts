import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { JournalHealth, JournalLine } from '@companion/journal';
import type { CatalogueView, PlannedEntryChange } from './batch-plan';
import type { ErrorEntry } from '@companion/schema';
import type { LogIdentity } from './log-identity';
import type { OpFields } from './op-record';
import type { ChangeRequest } from './plan-change';

export type { CatalogueView } from './batch-plan';

/** A change checked against the replica's catalogue, on its way into the log. */
export interface ProposedChange {
  request: ChangeRequest;
  /**
   * The plan made against the replica's catalogue (`entries()` plus the batch); null when the
   * replica refused it (404, 409) but a shared log may know better (a change from another
   * replica not applied here yet): the log decides.
   */
  change: PlannedEntryChange | null;
  /** When it was asked for (`2026-11-25T22:04:40.123456`) and by whom. */
  who: Pick<OpFields, 'timestamp' | 'user_ip' | 'actor' | 'reason' | 'idempotency'>;
}

/** A record in the log: the record and its line as stored (the in-memory log keeps the bytes). */
export type LoggedRecord = JournalLine<OpFields>;

/** What `/health` shows of the log behind the catalogue. */
export interface OpLogHealth extends JournalHealth {
  store: 'jsonl' | 'postgresql';
  /** PostgreSQL only: whether the database answers, and why not. */
  database?: { connected: boolean; reason: string | null; since: string | null };
  /** PostgreSQL only: the log's last seq as this replica last read it. */
  head_seq?: number;
  /** PostgreSQL only: why commits are failing now (timed out, behind a held lock); they are still tried. */
  failing?: string | null;
}

/**
 * The catalogue's operation log: the API's side of the catalogue, merged with the repository's
 * files to serve it. Two
 * implementations: a JSONL journal in the data folder (one writer) and PostgreSQL (every
 * replica writes, and reads every record back by seq).
 */
export interface OpLog {
  readonly store: OpLogHealth['store'];
  /** The log's id (a UUID, made with the log): how catalog-exports.yaml names it. */
  readonly id: string;
  /** The id and the ids it continues, as last read (another replica may renew a shared log). */
  identity(): LogIdentity;
  /**
   * Gives the log a new id, continuing `from` up to the log's last seq, unless its id is no
   * longer `from` (another replica renewed it first). Resolves with the identity now.
   */
  renew(from: string): Promise<LogIdentity>;
  /** Whether other replicas write this log too (their changes may not be applied here yet). */
  readonly shared: boolean;
  /**
   * Records the proposals as one unit, in order. Each is re-checked against the log's own
   * state where replicas share it (PostgreSQL): one that no longer holds is refused with its
   * error (409, 404) and takes no seq. Resolves with the record or the refusal of each, once the
   * records are durable; throws StorageUnavailableError when none is recorded.
   * `catalogue` is what this replica planned against.
   */
  commit(proposals: readonly ProposedChange[], catalogue: CatalogueView): Promise<(LoggedRecord | Error)[]>;
  /**
   * The change an Idempotency-Key was committed with (its record holds the key, or, in a shared
   * log, a row committed in the same statement), within the key retention; null otherwise.
   */
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<{ entry: ErrorEntry; seq: number }> | null>;
  /** True when a commit refuses a change whose key is held (its outcome a KeyTakenError): a keyed change is then sent without a recall first. */
  readonly refusesHeldKeys?: true;
  /** Records after `seq`, in seq order and without gaps (none past the first missing one). */
  pull(seq: number): Promise<LoggedRecord[]>;
  /** Calls `wake` whenever records from elsewhere may be waiting (a notification, a reconnection, a poll). */
  watch(wake: (seq: number | null) => void): void;
  /** The log's last seq as far as this replica knows. */
  lastSeq(): number;
  /** How long a change may wait in the queue before it is sent (a shared log answers within a bound); absent: no limit. */
  maxQueueWaitMs?(): number;
  /** Where the log itself ends as last read (a shared log: it may have gone back, a restore); null: never behind this replica. */
  storedHead(): number | null;
  /** `writable: false` only for faults of the log itself; a database that does not answer is `database.connected`. */
  health(): OpLogHealth;
  close(): Promise<void>;
}
