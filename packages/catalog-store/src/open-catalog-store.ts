import { mkdir } from 'node:fs/promises';
import { FaultState } from '@companion/journal';
import type { Database } from '@companion/database';
import { formatUtcInstant } from '@companion/schema';
import { CatalogStore, type CatalogStoreOptions } from './catalog-store';
import type { EntryConflict } from './entry-state';
import { JournalOpLog } from './journal-op-log';
import type { LoggedRecord, OpLog } from './op-log';
import { OpLogIndex } from './op-log-index';
import { CatalogOverlay } from './overlay';
import { PostgresOpLog } from './postgres/postgres-op-log';
import { CatalogDrafts, JournalDraftLog, PostgresDraftLog } from './drafts';

export { LOG_ID_FILE, OP_LOG_FILE } from './journal-op-log';

/** The log line of a conflict that appeared (with both values of each field) or was resolved. */
function conflictLine(flag: string, conflict: EntryConflict | null): string {
  if (conflict === null) return `conflict of ${flag} resolved: the repository and the API agree again`;
  const fields = conflict.fields.map(({ field, repository, api }) => `${field}: repository ${JSON.stringify(repository)}, API ${JSON.stringify(api)}`).join('; ');
  return `conflict of ${flag} (${conflict.kind}, with the API change at seq ${conflict.seq}): ${fields}; the repository's value is served until a pull request or an API change settles it`;
}

/** Where the op log lives: the JSONL journal in the data folder (the default), or PostgreSQL shared by replicas. */
export type OpLogChoice = { kind: 'jsonl' } | { kind: 'postgres'; db: Database };

export interface OpenCatalogOptions extends CatalogStoreOptions {
  log?: OpLogChoice;
}

/**
 * Opens the op log (the JSONL journal at `<dataDir>/catalog-ops.jsonl`, or PostgreSQL) and
 * reads all of it: the counters, the in-memory log and the API's state of every Flag it
 * changed. Nothing is written anywhere else: the service serves that state merged with its
 * files (`store.overlay`). Problems of the journal do not throw: the store opens refusing
 * writes and `health()` says why. A database that cannot be reached does throw.
 */
export async function openCatalogStore(options: OpenCatalogOptions): Promise<CatalogStore> {
  const now = () => formatUtcInstant(options.clock.nowMicros());
  const index = new OpLogIndex();
  const read: LoggedRecord[] = [];
  // The journal's folder (a folder that cannot be made is the journal's fault to report).
  await mkdir(options.dataDir, { recursive: true }).catch(() => undefined);
  const choice = options.log ?? { kind: 'jsonl' };
  const onRecord = (line: LoggedRecord) => {
    index.add(line);
    read.push(line);
  };
  const opLog: OpLog = choice.kind === 'postgres' ? await PostgresOpLog.open(choice.db, onRecord, { now, events: options.events }) : await JournalOpLog.open(options.dataDir, { now, nowMs: () => options.clock.nowMicros() / 1000, events: options.events, onRecord });
  const overlay = new CatalogOverlay(() => opLog.identity(), (flag, conflict) => options.events?.notice?.('catalogue', conflictLine(flag, conflict)));
  for (const { record } of read) overlay.add(record);
  const broken = new FaultState('catalogue', now, options.events);
  const store = new CatalogStore(options, opLog, index, overlay, broken, opLog.lastSeq());
  const draftLog = choice.kind === 'postgres' ? await PostgresDraftLog.open(choice.db) : await JournalDraftLog.open(options.dataDir, { now, events: options.events });
  store.drafts = new CatalogDrafts(draftLog, options.clock);
  await store.keepIdentity().catch(() => undefined); // a database gone meanwhile: the first write tries again
  return store;
}
