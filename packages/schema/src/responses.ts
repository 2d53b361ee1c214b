import { z } from 'zod';
import { ARTIFACT_TARGETS } from './artifact';
import { ChangeReason, Flag, OPERATIONS, SEVERITIES } from './error-entry';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from './feedback';
import { GuardStatus, HaltedRelease } from './rollout-guard';
import { Notice, NOTICE_TYPES } from './notice';
import { Instant, TIMESTAMP_PATTERN } from './time';

// What the API answers, for the OpenAPI document and for tests that hold the service to it.
// `timestamp` (the envelope's, the service index's, an operation record's) is the format the
// interface document fixes: UTC without a zone suffix. Every other time is an Instant, with Z.
export const Timestamp = z.string().regex(TIMESTAMP_PATTERN).meta({ description: 'the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC', examples: ['2026-11-25T22:04:40.123456'] });
const timestamp = Timestamp;
const instant = Instant;
const date = z.iso.date();
/** Counts are never negative. */
export const Count = z.number().int().nonnegative();

/** An object with exactly these keys, each of `value` (a record over an enum, keys kept for typed clients). */
const keyed = <K extends string, V extends z.ZodType>(keys: readonly K[], value: V) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>);

export const ReleaseView = z
  .strictObject({
    changes: z.array(z.string()),
    date,
    description: z.string(),
    critical: z.boolean().optional().meta({ description: 'present when the release file says: true for a fix every client must install (offered whatever the rollout)' }),
    rollout: z.number().int().min(0).max(100).optional().meta({ description: 'present while the release is being rolled out: the percentage of installs it is offered to' }),
    lang: z.string().optional().meta({ description: 'the language description and changes are in; present when the request asked for a language' }),
  })
  .meta({ id: 'Release', description: 'one release, keyed by its version where listed' });
export const ReleaseWithVersion = z.strictObject({ version: z.string(), ...ReleaseView.shape }).meta({ id: 'ReleaseDetail', description: 'one release with its version' });
export const ReleaseList = z.record(z.string(), ReleaseView);
/** The build an update check hands a client: what to fetch and what to verify it against. */
export const Download = z
  .strictObject({
    version: z.string(),
    url: z.string().meta({ description: 'https URL of the build' }),
    size: z.number().int().meta({ description: 'bytes' }),
    sha512: z.string().meta({ description: 'SHA-512 of the file, hex' }),
    sha256: z.string().optional().meta({ description: 'SHA-256 of the file, hex' }),
    signature: z.string().optional().meta({ description: 'Ed25519 signature over the file, base64' }),
    minisign: z.string().optional().meta({ description: 'the same signature as a minisign file, base64 (Tauri)' }),
    minimum_os: z.string().optional().meta({ description: 'the oldest OS version the build runs on' }),
    notes_url: z.string().optional().meta({ description: 'a page with the full release notes' }),
  })
  .meta({ id: 'Download', description: 'a build to download and how to verify it' });

export const UpdateCheck = z.strictObject({
  current: z.string().meta({ description: 'the version asked about' }),
  latest: z.string().nullable().meta({ description: 'the newest release of the channel offered to this client (a release in a partial rollout only to the installs in its share); current itself when the install runs a newer version than any offered (latest is never older than current); null when none is offered' }),
  up_to_date: z.boolean().meta({ description: 'true when no release offered to this client is newer than current' }),
  known: z.boolean().meta({ description: 'whether the channel ever shipped current' }),
  releases: ReleaseList.meta({ description: 'the releases newer than current offered to this client, keyed by version, newest first (a release in a partial rollout only to the installs in its share; with platform, only those it can install)' }),
  critical: z.boolean().meta({ description: 'true when the client must update: a newer release offered to it is critical, or current is below minimum_supported' }),
  minimum_supported: z.string().nullable().meta({ description: 'the oldest version the channel still supports (changelog/channels.yaml); null when none is declared' }),
  platform: z.enum(ARTIFACT_TARGETS).optional().meta({ description: 'with the platform query parameter: the <platform>-<arch> answered for' }),
  download: Download.nullable().optional().meta({ description: 'with the platform query parameter: the build of latest for this platform; null when up to date or when latest ships no builds' }),
}).meta({ id: 'UpdateCheck', description: 'what a client on a version can update to' });

export const NoticeList = z.array(Notice);
export const NoticeTypeCounts = z.strictObject({
  types: keyed(NOTICE_TYPES, z.strictObject({ total: Count, active: Count })),
  total: Count,
  active: Count,
}).meta({ id: 'NoticeTypeCounts', description: 'notices per type, and overall' });

export const CodenameList = z.array(
  z
    .strictObject({
      codename: z.string(),
      element: z.strictObject({ number: z.number().int().min(1).max(118), symbol: z.string(), name: z.string() }),
      versions: z.array(z.string()),
    })
    .meta({ id: 'Codename', description: 'a release codename: an element and the versions that carry it' }),
);

const elementFacts = {
  number: z.number().int().min(1).max(118),
  symbol: z.string(),
  name: z.string(),
  category: z.string(),
  period: z.number().int().min(1).max(7),
  group: z.number().int().min(1).max(18).nullable(),
  atomic_mass: z.number(),
};
export const ElementTable = z.array(z.strictObject({ ...elementFacts, versions: z.array(z.string()) }).meta({ id: 'Element', description: 'a chemical element of the periodic table' }));
export const ElementDetail = z.strictObject({
  ...elementFacts,
  description: z.string(),
  releases: z.array(z.strictObject({ version: z.string(), channel: z.enum(['stable', 'preview']), date, description: z.string() })),
}).meta({ id: 'ElementDetail', description: 'an element with its description and the releases named after it' });

export const ErrorEntrySummary = z.strictObject({ Flag, Info: z.string(), Solution: z.array(z.string()), lang: z.string().optional().meta({ description: 'the language Info and Solution are in, present when they are a translation (the request asked for a language with lang= or Accept-Language, and the entry is translated into it)', examples: ['de'] }) }).meta({ id: 'ErrorEntrySummary', description: 'a catalogue entry as the list shows it' });
export const ErrorEntrySummaryList = z.array(ErrorEntrySummary);
export const ErrorEntryView = z.strictObject({
  Flag,
  Info: z.string(),
  Solution: z.array(z.string()),
  messages: z.array(z.string()).meta({ description: 'the literal messages the client prints for this error' }),
  category: z.string(),
  severity: z.enum(SEVERITIES),
  creator: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: instant.nullable(),
  updated_at: instant.nullable(),
  lang: z.string().optional().meta({ description: 'the language Info and Solution are in, present when they are a translation (the request asked for a language with lang= or Accept-Language, and the entry is translated into it)', examples: ['de'] }),
}).meta({ id: 'ErrorEntry', description: 'a catalogue entry with its metadata' });
export const ErrorEntryViewList = z.array(ErrorEntryView);
export const ErrorSearchHit = ErrorEntryView.extend({
  matched: z.array(z.string()).meta({ description: "the words of the entry's text that matched the query, lower-cased as they appear, for a page to mark" }),
  page: z.string().meta({ description: "the entry's page for people", examples: ['/errors/PORT1001'] }),
  matched_language: z.string().nullable().meta({ description: "the language of the text the query matched best: en, or a translation's (de, fr, es); null when the entry was found by its code", examples: ['de'] }),
}).meta({ id: 'ErrorSearchHit', description: 'a catalogue entry a search found, with the words that matched' });
export const ErrorSearchHitList = z.array(ErrorSearchHit);

const seq = z.number().int().min(1);
export const OperationView = z
  .strictObject({ seq, timestamp, flag: Flag, operation: z.enum(OPERATIONS), user_ip: z.string() })
  .meta({ id: 'RecentOperation', description: 'a change of the catalogue as the statistics show it' });
export const CatalogStats = z.strictObject({
  total_errors: Count,
  operations: keyed(OPERATIONS, Count),
  recent_operations: z.array(OperationView),
  logs_total: Count,
}).meta({ id: 'CatalogStats', description: 'catalogue statistics' });
/** `logs_count` of an add: the log records once this change is in, i.e. its seq. */
export const LogsCount = seq.meta({ description: 'log records once this change is in: its seq' });
export const OperationRecordList = z.array(z.strictObject({ ...OperationView.shape, actor: z.string().meta({ description: "who made the change: the person's name, or token:<hash prefix> for an unnamed credential" }), entry: ErrorEntryView, reason: ChangeReason.optional() }).meta({ id: 'OperationRecord', description: 'one record of the operation log' }));

const FieldDecision = z
  .strictObject({
    base: z.unknown().optional().meta({ description: "the repository's value the API's was decided against; absent: the repository had no entry" }),
    since: seq.optional().meta({ description: 'the record that decided it; absent: the latest one' }),
  })
  .meta({ id: 'CatalogFieldDecision' });
/** What the API has decided of one Flag (the three-way state merged with a checkout's file). */
export const CatalogEntryState = z
  .strictObject({
    value: z.looseObject({ Flag: z.string() }).nullable().meta({ description: "the API's entry; null: deleted through the API" }),
    fields: z.record(z.string(), FieldDecision).meta({ description: 'the fields the API decided' }),
    deleted: z.strictObject({ base: z.looseObject({ Flag: z.string() }).nullable(), since: seq.optional() }).optional(),
  })
  .meta({ id: 'CatalogEntryState' });
/** The ids an op log had before it was found restored below an export (see docs/OPERATIONS.md). */
const LogAncestors = z
  .array(z.strictObject({ log_id: z.string(), through: Count.meta({ description: 'the last seq the log shares with it' }) }))
  .meta({ description: 'the ids the log had before: it was restored below what catalog-exports.yaml says was exported and took a new id, so changes made since are never taken for exported ones; what the files hold of an old id counts up to `through`' });
export const UnexportedChanges = z
  .strictObject({
    log_id: z.string().meta({ description: 'the op log they are in, as catalog-exports.yaml names it' }),
    log_ancestors: LogAncestors,
    applied_seq: Count.meta({ description: 'the last record this replica applied: files written from this answer hold the log up to here' }),
    exported_seq: Count.meta({ description: "how far this replica's files hold the log (catalog-exports.yaml)" }),
    changes: z.array(
      z.strictObject({
        flag: Flag,
        seq: seq.meta({ description: 'its latest record' }),
        state: CatalogEntryState,
        records: z.array(z.strictObject({ seq, timestamp, operation: z.enum(OPERATIONS), actor: z.string() })).meta({ description: 'its changes not yet in the files: how, by whom and when' }),
      }),
    ),
  })
  .meta({ id: 'UnexportedChanges', description: "API changes of the catalogue the replica's files do not hold yet" });

export const FeedbackReceipt = z.strictObject({ id: z.number().int().min(1), created_at: instant }).meta({ id: 'FeedbackReceipt', description: 'the id and time of stored feedback' });
export const FeedbackRecordList = z.array(
  z.strictObject({
    id: z.number().int().min(1),
    created_at: instant,
    type: z.enum(FEEDBACK_TYPES),
    content: z.string(),
    contact: z.string().nullable(),
    client_version: z.string().nullable(),
    platform: z.string().nullable(),
    status: z.enum(FEEDBACK_STATUSES).meta({ description: 'where the feedback stands; new until someone sets it' }),
    note: z.string().nullable().meta({ description: 'the text of the latest note of notes; null without one' }),
    notes: z
      .array(
        z.strictObject({
          by: z.string().meta({ description: 'who wrote the note' }),
          at: instant.meta({ description: 'when it was written' }),
          text: z.string(),
        }).meta({ id: 'FeedbackNote', description: 'a note of the people who work the feedback' }),
      )
      .meta({ description: 'the notes on the feedback, oldest first, each with its author and time; a status change adds none of its own' }),
    status_by: z.string().nullable().meta({ description: 'who set the status last' }),
    status_at: instant.nullable().meta({ description: 'when the status was set last' }),
  }).meta({ id: 'Feedback', description: 'one feedback record' }),
);
export const FeedbackRecord = FeedbackRecordList.element;
export const FeedbackErasure = z.strictObject({
  erased: Count.meta({ description: 'feedback records that held the address' }),
  ids: z.array(z.number().int().min(1)).meta({ description: 'their ids' }),
  outbox_messages: Count.meta({ description: 'messages the mail outbox kept that named the address, now removed (0 with an SMTP relay: nothing is kept)' }),
}).meta({ id: 'FeedbackErasure', description: 'what an erasure changed; the address itself is not kept' });
export const FeedbackStats = z.strictObject({
  total: Count,
  by_type: keyed(FEEDBACK_TYPES, Count),
  by_day: z.array(z.strictObject({ date, count: Count })),
}).meta({ id: 'FeedbackStats', description: 'feedback statistics' });

export const MailReceipt = z.strictObject({ message_id: z.string(), accepted: z.array(z.string()), rejected: z.array(z.string()) }).meta({ id: 'MailReceipt', description: 'what the mail server accepted' });

export const DocsJson = z.strictObject({ title: z.string(), markdown: z.string(), openapi: z.string() });

// Answers outside the envelope.

/** The service index over the API's categories (a parameter: the route table owns them). */
export const ServiceIndex = (categories: readonly string[]) =>
  z.strictObject({
    message: z.string(),
    version: z.string(),
    timestamp,
    endpoints: keyed(categories, z.record(z.string(), z.string())).meta({ description: 'category -> { "<METHOD> <path>": description }' }),
  });

const storePart = z.looseObject({ writable: z.boolean() });
/** A catalogue conflict as /health and the pending changes show it. */
export const EntryConflictSchema = z
  .strictObject({
    flag: z.string(),
    kind: z.enum(['field', 'edited-in-repository-deleted-through-api', 'deleted-in-repository-edited-through-api', 'added-on-both-sides']),
    fields: z.array(z.strictObject({ field: z.string(), repository: z.unknown(), api: z.unknown() })),
    seq: Count.meta({ description: 'the op record of the API change it conflicts with' }),
  })
  .meta({ id: 'CatalogConflict' });
/** The database behind the stores, as /health shows it: its URL (no secret in it), why it fails and its pool only to a credential with `health:read`. */
const DatabaseHealth = z.strictObject({
  store: z.literal('postgresql'),
  url: z.string().optional(),
  connected: z.boolean(),
  reason: z.string().nullable().optional(),
  since: z.string().nullable(),
  pool: z.strictObject({ total: Count, idle: Count, waiting: Count, max: Count }).optional(),
});
export const HealthReport = z.strictObject({
  success: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: Count,
  content: z.strictObject({
    loaded_at: instant,
    counts: z.record(z.string(), Count),
    issues: z.array(z.looseObject({ file: z.string(), line: Count, column: Count, code: z.string(), message: z.string(), text: z.string() })),
    issues_total: Count.meta({ description: 'every issue, including those past the ones listed' }),
    reconciliation: z
      .strictObject({
        interval_ms: Count.meta({ description: 'how often the folders are compared with what was read (CONTENT_RECONCILE_MS)' }),
        event_queue: Count.meta({ description: "the kernel's inotify queue length the watcher's overflow guard is derived from" }),
        last_run_at: instant.nullable().meta({ description: 'when the last comparison ran; null before the first' }),
        duration_ms: z.number().nonnegative(),
        found: Count.meta({ description: 'files the last comparison found changed, added or removed without (or before) their event' }),
        files: z.array(z.string()).meta({ description: 'the first 20 of them' }),
      })
      .nullable()
      .meta({ description: 'null when the content folder is not watched (CONTENT_WATCH=off) or CONTENT_RECONCILE_MS=0' }),
    revision: z.string().nullable().meta({ description: "the commit the content folder's checkout is at (git HEAD); null when it is not in a git repository" }),
    modified: z.array(z.string()).nullable().meta({ description: 'files of the content folder that differ from that commit (edits made on this replica), the first 20; null without git' }),
    modified_total: Count.nullable(),
    revision_problem: z.string().nullable().meta({ description: "why the checkout's revision cannot be read although the content folder is in one (git missing, or refusing the checkout); null when it is read or the folder is not in git" }),
  }),
  catalog: z
    .strictObject({
      entries: Count,
      digest: z.string().meta({ description: 'a digest of every entry served: replicas on the same revision and log position have the same one' }),
      log_id: z.string().meta({ description: 'the id of the op log (the JSONL log of this box, or the fleet\'s PostgreSQL log), as catalog-exports.yaml names it' }),
      log_ancestors: LogAncestors,
      applied_seq: Count.meta({ description: 'the last op record this replica applied' }),
      exported_seq: Count.meta({ description: "the last op record the content files hold (catalog-exports.yaml)" }),
      pending: Count.meta({ description: 'Flags whose API changes the content files do not hold yet (what `pnpm catalog:export` writes)' }),
      conflicts: z.array(EntryConflictSchema).meta({ description: 'Flags set two ways by the repository and the API since their common base: the repository\'s value is served until someone resolves it' }),
    })
    .meta({ description: 'the error catalogue served: the content files merged with the API\'s changes' }),
  releases: z
    .strictObject({
      halted: z.array(HaltedRelease).meta({ description: 'releases whose staged rollout its guard or a person halted and no person resumed, newest first' }),
      guards: z.array(GuardStatus).meta({ description: "each release whose file declares a guard, newest first, with the guard's last judgement; an unjudged guard leaves status ok (it is not a fault of the service)" }),
      judgement: z
        .strictObject({
          last_judged_at: instant.nullable().meta({ description: 'when a round of judgement last went through; null before the first' }),
          failing_since: instant.nullable().meta({ description: 'since when rounds fail (status degraded); null while they succeed' }),
          last_error: z.string().nullable(),
          failures: Count.meta({ description: 'rounds that failed since start' }),
        })
        .nullable()
        .meta({ description: 'how the periodic judgement of the guards goes; null when rollouts are not kept' }),
    })
    .meta({ description: 'staged rollouts (every replica sees the same halts)' }),
  adoption: z
    .strictObject({
      last_flush_at: instant.nullable().meta({ description: 'when the install counts were last written whole; null before the first flush' }),
      failing_since: instant.nullable().meta({ description: 'since when flushes fail (status degraded; what they hold is kept for the next); null while they succeed' }),
      last_error: z.string().nullable(),
      flush_failures: Count,
      pending: Count.meta({ description: 'checks and bug reports held for the next flush (at most 1,000,000)' }),
      credentials_issued: Count.meta({ description: 'install credentials this replica issued since it started' }),
      uncounted: z.strictObject({ not_issued: Count, unknown_version: Count, pending_full: Count }).meta({ description: 'checks and reports not counted since start: an id the service did not issue, a version the changelog does not hold, past the bound held between flushes' }),
    })
    .nullable()
    .meta({ description: 'how installs are counted for release health and guards; null when they are not' }),
  restore: z
    .strictObject({
      detected_at: instant.nullable().meta({ description: "when a replica noticed that the service's data was restored from an older backup (the latest such restore); null when none was" }),
      restored_to: instant.nullable().meta({ description: 'the data stands where it stood then: the backup is at least that old' }),
      detected_by: z.string().nullable().meta({ description: 'the replica that noticed it (host name and process id)' }),
      confirmed: z.boolean().meta({ description: 'false: a person has not confirmed the restore yet (status degraded): guarded staged rollouts are held, offered to no install not already on them; true (or no restore): nothing is held' }),
      confirmed_at: instant.nullable(),
      confirmed_by: z.string().nullable(),
      witness: z.string().nullable().meta({ description: 'the file where this replica keeps what it saw of the data (WITNESS_FILE), out of reach of a restore; null without health:read' }),
      witness_problem: z.string().nullable().meta({ description: 'why the witness cannot be kept in its file (then a restore is noticed only while this replica runs); null when it is' }),
    })
    .nullable()
    .meta({ description: 'restores of the data from an older backup, as the replicas noticed them (docs/OPERATIONS.md, "What a restore changes"); null when the service does not watch' }),
  storage: z
    .object({
      writable: z.boolean(),
      store: z.enum(['files', 'postgresql']).meta({ description: 'where writes go: files in DATA_DIR, or PostgreSQL (DATABASE_URL)' }),
      database: DatabaseHealth.optional(),
      unimported: z.array(z.string()).optional().meta({ description: 'with a database: files of DATA_DIR holding data the database does not (pnpm db:import moves them), the first 20' }),
    })
    .catchall(storePart),
  public_url: z
    .strictObject({ base: z.string(), source: z.enum(['PUBLIC_URL', 'listen address']) })
    .meta({ description: 'the base of absolute links (feeds): PUBLIC_URL, or the address the request arrived at; never the Host header' }),
  timestamp,
}).meta({ id: 'Health', description: 'the service status' });

/** `/health/live`, `/health/ready`, `/health/writable`: one question each, for a balancer or an orchestrator. */
export const HealthProbe = z
  .strictObject({
    success: z.boolean(),
    status: z.enum(['live', 'ready', 'not ready', 'writable', 'not writable']),
    reason: z.string().nullable().meta({ description: 'why not, when not' }),
    timestamp,
  })
  .meta({ id: 'HealthProbe', description: 'the answer of a probe: 200 yes, 503 no' });

export const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.looseObject({})) });

/** One version of an entry in its history (`GET /api/tunnel/errors/<Flag>/history`). */
export const EntryVersionView = z
  .strictObject({
    version: z.number().int().min(1).meta({ description: 'the version\'s number, 1 for the oldest; what a restore names' }),
    seq: seq.nullable().meta({ description: 'the change\'s operation record; null for the shipped file' }),
    timestamp: timestamp.nullable().meta({ description: 'when the change was made; null for the shipped file' }),
    operation: z.enum([...OPERATIONS, 'SHIPPED']).meta({ description: 'SHIPPED: the repository\'s file before the first API change' }),
    actor: z.string().nullable().meta({ description: 'who made the change; null for the shipped file' }),
    reason: z.string().nullable().meta({ description: 'why, when the change said' }),
    restored: z.number().int().min(1).nullable().meta({ description: 'the change restored this version of the history (its number); null for any other change' }),
    deleted: z.boolean().meta({ description: 'the change deleted the entry; entry is the entry it removed' }),
    entry: ErrorEntryView,
  })
  .meta({ id: 'EntryVersion', description: 'one version of a catalogue entry, with the whole entry as it was' });
export const EntryVersionList = z.array(EntryVersionView);
/** Body of `POST /api/tunnel/errors/<Flag>/restore`. */
export const RestoreRequest = z
  .strictObject({ version: z.number().int().min(1).meta({ description: 'the version to make current, from the history', examples: [1] }), reason: ChangeReason.optional() })
  .meta({ id: 'RestoreRequest', description: 'a version of the entry\'s history to make current again' });
export type RestoreRequest = z.infer<typeof RestoreRequest>;
