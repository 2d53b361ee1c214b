import { z } from 'zod';
import { Platform } from './audience';
import { ChangeReason } from './error-entry';
import { CLIENT_VERSION } from './release';

export const FEEDBACK_TYPES = ['bug', 'suggestion', 'question', 'other'] as const;
export const FeedbackType = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof FeedbackType>;

/** Where a feedback stands as the people who work it see it; every submission starts as `new`. */
export const FEEDBACK_STATUSES = ['new', 'triaged', 'planned', 'done', 'spam'] as const;
export const FeedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

// Trimmed before the length check: a blank value is refused, as the pattern tells schema readers.
const optionalText = (max: number) => z.string().trim().min(1).max(max).meta({ pattern: '\\S' }).optional();

/** The version a client reports, in the grammar the update check accepts (`1.11.2`, `v1.12.0-beta.1`). */
export const ReportedVersion = z
  .string()
  .trim()
  .max(64)
  .regex(CLIENT_VERSION, 'expected the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag (as the update check takes it)');

const reason = ChangeReason.optional();

/** Body of `POST /api/feedback`. */
export const FeedbackInput = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'expected text that is not blank')
    .max(5000, 'expected at most 5000 characters')
    .meta({ pattern: '\\S' }),
  type: FeedbackType.default('other'),
  contact: optionalText(200),
  client_version: ReportedVersion.optional(),
  platform: Platform.optional(),
  install_id: z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/, 'expected the install id the update checks send').optional().meta({ description: 'the install credential the service issued (POST /api/installs), as the update checks send it: with type bug and client_version, the report counts as one vote in the release\'s guard (once per install and day); never stored with the feedback' }),
}).meta({ id: 'NewFeedback', description: 'a feedback submission' });
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/** Body of `PATCH /api/feedback/<id>`: the feedback's status and the note that goes with it. */
export const FeedbackTriage = z.strictObject({
  status: FeedbackStatus,
  note: z.string().trim().max(2000, 'expected at most 2000 characters').optional().meta({ description: "a note for the people who work the feedback, added to its notes under the person's name; empty, absent or the latest note sent again: none" }),
  reason,
}).meta({ id: 'FeedbackTriage', description: "a feedback's status and note" });
export type FeedbackTriage = z.infer<typeof FeedbackTriage>;

/** Body of `POST /api/feedback/erasure`: whose personal data to erase. */
export const FeedbackErasureInput = z.strictObject({
  contact: z.email({ error: 'expected an e-mail address' }).max(254).meta({ description: "the submitter's e-mail address, any letter case" }),
  reason,
}).meta({ id: 'FeedbackErasureRequest', description: "the e-mail address whose feedback loses it" });
export type FeedbackErasureInput = z.infer<typeof FeedbackErasureInput>;
