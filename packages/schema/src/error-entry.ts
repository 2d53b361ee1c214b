import { z } from 'zod';

/** A Flag: capital letters followed by digits, at most 32 characters (`PORT1001`). */
export const FLAG_PATTERN = /^[A-Z]+[0-9]+$/;
export const FLAG_MAX_LENGTH = 32;
/**
 * Windows reserves these device names in every folder, whatever the extension, so a catalogue
 * file named after one breaks checkouts there. CON, PRN, AUX and NUL carry no digits and never
 * match FLAG_PATTERN; the numbered ones do.
 */
const WINDOWS_DEVICE_NAME = /^(COM|LPT)[0-9]$/;

export const Flag = z
  .string()
  .max(FLAG_MAX_LENGTH, `expected at most ${FLAG_MAX_LENGTH} characters`)
  .regex(FLAG_PATTERN, 'expected capital letters followed by digits, such as PORT1001')
  .refine((flag) => !WINDOWS_DEVICE_NAME.test(flag), {
    error: (issue) => `expected a Flag that is not a Windows device name; found ${String(issue.input)}, and a file ${String(issue.input)}.yaml cannot be checked out on Windows (COM0-COM9 and LPT0-LPT9 are refused)`,
  });

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

// Values are trimmed before the length check, so a blank string is refused; the pattern says so
// to clients that read the schema.
const text = (max: number) => z.string().trim().min(1, 'expected text that is not blank').max(max).meta({ pattern: '\\S' });

/**
 * The literal messages the client prints for this error (`bind: address already in use`):
 * search matches them with the highest weight after the Flag, so a pasted log line finds its entry.
 */
const messageList = z
  .array(text(300))
  .max(20, 'expected at most 20 messages')
  .superRefine((messages, ctx) => {
    const seen = new Set<string>();
    messages.forEach((message, i) => {
      const key = message.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `expected each message once; found ${JSON.stringify(message)} again` });
      seen.add(key);
    });
  });

/** Everything of an entry except its Flag and timestamps: what an update replaces. */
const entryBody = {
  Info: text(4000),
  Solution: z.array(text(1000)).min(1, 'expected at least one step').max(50, 'expected at most 50 steps'),
  messages: messageList.optional(),
  category: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, 'expected a lower-case word such as network or auth')
    .optional(),
  severity: Severity.optional(),
  // Null is accepted because reads answer null for these: a client may send back what it read.
  creator: text(100).nullable().optional(),
  notes: text(4000).nullable().optional(),
};

/** Why a change is made: not part of the entry, recorded with the change in the operation log and its history. */
export const ChangeReason = text(500).meta({ description: 'why the change is made: recorded with it in the operation log and the entry history, not in the entry', examples: ['Customers on 1.9 report the old wording.'] });
const reason = ChangeReason.optional();

/** Body of `POST /api/tunnel/errors/addNew` and `POST /api/tunnel/errors`. */
export const ErrorEntryInput = z.strictObject({ Flag, ...entryBody, reason }).meta({ id: 'NewErrorEntry', description: 'a catalogue entry to add' });
export type ErrorEntryInput = z.infer<typeof ErrorEntryInput>;

/**
 * Body of `PUT /api/tunnel/errors/<flag>`: the Flag may be repeated but cannot change, and the
 * timestamps a read answered may be sent back; the service sets them itself.
 */
const readOnlyTime = z.string().nullable().optional().meta({ readOnly: true, description: 'accepted so a read can be sent back, and ignored: the service sets it' });
/** In an update, null resets category and severity to their defaults and removes creator, notes and messages. */
const updatable = {
  ...entryBody,
  messages: messageList.nullable().optional(),
  category: entryBody.category.unwrap().nullable().optional(),
  severity: Severity.nullable().optional(),
};

/**
 * Body of `PUT /api/tunnel/errors/<flag>`: the whole entry. The Flag may be repeated but cannot
 * change, and the timestamps a read answered may be sent back; the service sets them itself.
 * A field the entry has (a value other than its default) must be sent, null to remove it: the
 * store refuses a PUT that would drop one silently.
 */
export const ErrorEntryUpdate = z
  .strictObject({ Flag: Flag.optional(), ...updatable, created_at: readOnlyTime, updated_at: readOnlyTime, reason })
  .meta({ id: 'ErrorEntryReplacement', description: 'the whole entry; a field the entry has must be sent, null to remove it' });
export type ErrorEntryUpdate = z.infer<typeof ErrorEntryUpdate>;

const required = (field: string) => `${field} is required: a merge patch may change it but not remove it (null removes a field)`;

/**
 * Body of `PATCH /api/tunnel/errors/<flag>` (JSON Merge Patch, RFC 7396): the fields to change;
 * null removes an optional field (category and severity go back to their defaults). Info and
 * Solution cannot be removed; Solution, an array, is replaced whole.
 */
export const ErrorEntryPatch = z
  .strictObject({
    Flag: Flag.optional(),
    Info: z.union([entryBody.Info, z.null()]).optional(),
    Solution: z.union([entryBody.Solution, z.null()]).optional(),
    messages: updatable.messages,
    category: updatable.category,
    severity: updatable.severity,
    creator: entryBody.creator,
    notes: entryBody.notes,
    created_at: readOnlyTime,
    updated_at: readOnlyTime,
    reason,
  })
  .superRefine((patch, ctx) => {
    for (const field of ['Info', 'Solution'] as const) if (patch[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: required(field) });
  })
  .meta({ id: 'ErrorEntryPatch', description: 'A JSON Merge Patch of an entry: the fields to change; null removes an optional field' });
export type ErrorEntryPatch = z.infer<typeof ErrorEntryPatch>;

const instant = z.iso.datetime({
  offset: true,
  error: 'expected an ISO 8601 date-time with a zone, e.g. 2026-01-10T12:00:00Z',
});

/** One catalogue file: `content/errors/<Flag>.yaml`. */
export const ErrorEntryFile = z.strictObject({
  Flag,
  ...entryBody,
  created_at: instant.optional(),
  updated_at: instant.optional(),
});
export type ErrorEntryFile = z.infer<typeof ErrorEntryFile>;

/**
 * An entry's translation (`content/errors/<Flag>.<lang>.yaml`): the Flag repeated so a reviewer
 * sees which entry it belongs to, and the fields a reader reads, in the language: Info, the
 * Solution step for step, the messages the translated client prints, the notes. Category,
 * severity, creator and the timestamps are the original's and cannot be given here.
 */
export const ErrorTranslationFile = z.strictObject({
  Flag,
  Info: entryBody.Info,
  Solution: entryBody.Solution,
  messages: entryBody.messages,
  notes: text(4000).optional(),
});
export type ErrorTranslationFile = z.infer<typeof ErrorTranslationFile>;

/** The fields a translation of an entry gives in its language; every other field is the original's. */
export const ERROR_TRANSLATED_FIELDS = ['Info', 'Solution', 'messages', 'notes'] as const;

export const DEFAULT_CATEGORY = 'general';
export const DEFAULT_SEVERITY: Severity = 'medium';

/** An entry as held in memory and returned by the API, defaults applied. */
export interface ErrorEntry {
  Flag: string;
  Info: string;
  Solution: string[];
  /** The literal messages the client prints; empty when none is known. */
  messages: string[];
  category: string;
  severity: Severity;
  creator: string | null;
  notes: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** The inverse of toErrorEntry: absent values left out, fields in the file's order. */
export function toErrorEntryFile(entry: ErrorEntry): ErrorEntryFile {
  return {
    Flag: entry.Flag,
    Info: entry.Info,
    Solution: entry.Solution,
    messages: entry.messages.length > 0 ? entry.messages : undefined,
    category: entry.category,
    severity: entry.severity,
    creator: entry.creator ?? undefined,
    notes: entry.notes ?? undefined,
    created_at: entry.created_at ?? undefined,
    updated_at: entry.updated_at ?? undefined,
  };
}

export function toErrorEntry(file: ErrorEntryFile): ErrorEntry {
  return {
    Flag: file.Flag,
    Info: file.Info,
    Solution: file.Solution,
    messages: file.messages ?? [],
    category: file.category ?? DEFAULT_CATEGORY,
    severity: file.severity ?? DEFAULT_SEVERITY,
    creator: file.creator ?? null,
    notes: file.notes ?? null,
    created_at: file.created_at ?? null,
    updated_at: file.updated_at ?? null,
  };
}

export const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE'] as const;
export const Operation = z.enum(OPERATIONS);
export type Operation = z.infer<typeof Operation>;
