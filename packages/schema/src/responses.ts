import { z } from 'zod';
import { Flag, OPERATIONS, SEVERITIES } from './error-entry';
import { FEEDBACK_TYPES } from './feedback';
import { Notice, NOTICE_TYPES } from './notice';

// What the API answers in `data`, for the OpenAPI document and for tests that hold the service
// to it. Timestamps are the envelope's format: UTC, no zone, six fraction digits.
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
const date = z.iso.date();

export const ReleaseView = z.strictObject({ changes: z.array(z.string()), date, description: z.string() });
export const ReleaseWithVersion = z.strictObject({ version: z.string(), ...ReleaseView.shape });
export const ReleaseList = z.record(z.string(), ReleaseView);

export const NoticeList = z.array(Notice);
export const NoticeTypeCounts = z.strictObject({
  types: z.record(z.enum(NOTICE_TYPES), z.strictObject({ total: z.number().int(), active: z.number().int() })),
  total: z.number().int(),
  active: z.number().int(),
});

export const CodenameList = z.array(
  z.strictObject({
    codename: z.string(),
    element: z.strictObject({ number: z.number().int(), symbol: z.string(), name: z.string() }),
    versions: z.array(z.string()),
  }),
);

export const ErrorEntrySummaryList = z.array(z.strictObject({ Flag, Info: z.string(), Solution: z.array(z.string()) }));
export const ErrorEntryView = z.strictObject({
  Flag,
  Info: z.string(),
  Solution: z.array(z.string()),
  category: z.string(),
  severity: z.enum(SEVERITIES),
  creator: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: timestamp.nullable(),
  updated_at: timestamp.nullable(),
});
export const ErrorEntryViewList = z.array(ErrorEntryView);

export const OperationView = z.strictObject({ seq: z.number().int(), timestamp, flag: Flag, operation: z.enum(OPERATIONS), user_ip: z.string() });
export const CatalogStats = z.strictObject({
  total_errors: z.number().int(),
  operations: z.strictObject({ CREATE: z.number().int(), UPDATE: z.number().int(), DELETE: z.number().int() }),
  recent_operations: z.array(OperationView),
  logs_total: z.number().int(),
});

export const FeedbackReceipt = z.strictObject({ id: z.number().int(), created_at: timestamp });
export const FeedbackStats = z.strictObject({
  total: z.number().int(),
  by_type: z.record(z.enum(FEEDBACK_TYPES), z.number().int()),
  by_day: z.array(z.strictObject({ date, count: z.number().int() })),
});

export const MailReceipt = z.strictObject({ message_id: z.string(), accepted: z.array(z.string()), rejected: z.array(z.string()) });
