import { z } from 'zod';
import { Audience } from './audience';
import { CalendarDate } from './calendar-date';
import { Instant } from './time';

export const NOTICE_TYPES = ['notice', 'maintenance', 'update', 'security'] as const;
export const NoticeType = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof NoticeType>;

const instant = z.iso.datetime({
  offset: true,
  error: 'expected an ISO 8601 date-time with a zone, e.g. 2026-12-01T02:00:00Z',
});

/**
 * An ordered pair of instants in front matter (`starts_at`/`expires_at`, `event_starts_at`/
 * `event_ends_at`): the end must come after the start. Judged whenever both are valid instants,
 * so another field's mistake does not hide it.
 */
const endsAfterStart = <K extends string>(start: K, end: K) =>
  [
    (n: Partial<Record<K, string>>) => !n[start] || !n[end] || Date.parse(n[start]) < Date.parse(n[end]),
    {
      error: (issue: { input: unknown }) => {
        const n = issue.input as Record<K, string>;
        return `expected ${end} to be after ${start} (${n[start]}); found ${n[end]}`;
      },
      path: [end] as string[],
      when: ({ issues, value }: { issues: readonly { path?: readonly PropertyKey[] }[]; value: unknown }) =>
        issues.every((i) => i.path?.[0] !== start && i.path?.[0] !== end) &&
        typeof (value as Record<K, unknown>)[start] === 'string' &&
        typeof (value as Record<K, unknown>)[end] === 'string',
    },
  ] as const;

/** `given` is refused, at its place, when `other` is missing. */
const bothEnds = (given: string, other: string) =>
  [
    (n: Record<string, unknown>) => n[given] === undefined || n[other] !== undefined,
    { error: `expected ${other} beside ${given} (an event window has both ends); found none`, path: [given] as string[] },
  ] as const;

/** The fields of a notice file other than its id and summary; a translation may repeat any of them. */
const noticeFields = {
  active: z.boolean(),
  date: CalendarDate,
  priority: z.number().int().min(0).max(1000),
  type: NoticeType,
  starts_at: instant.optional(),
  expires_at: instant.optional(),
  // When what the notice announces happens (a maintenance's window), apart from when it is shown.
  event_starts_at: instant.optional(),
  event_ends_at: instant.optional(),
  audience: Audience.optional(),
};

const noticeId = z.number().int().positive().max(2_147_483_647);
const noticeSummary = z.string().trim().min(1).max(300);

/** Front matter of a notice file (`content/notices/*.md`); the Markdown body is its content. */
export const NoticeFrontMatter = z
  .strictObject({ id: noticeId, summary: noticeSummary, ...noticeFields })
  .refine(...endsAfterStart('starts_at', 'expires_at'))
  .refine(...endsAfterStart('event_starts_at', 'event_ends_at'))
  // An event is a span of time: a start alone or an end alone says nothing a calendar can hold.
  .refine(...bothEnds('event_starts_at', 'event_ends_at'))
  .refine(...bothEnds('event_ends_at', 'event_starts_at'));
export type NoticeFrontMatter = z.infer<typeof NoticeFrontMatter>;

/** A notice as the API returns it. */
export const Notice = z.strictObject({
  id: z.number().int(),
  active: z.boolean(),
  content: z.string(),
  date: z.string(),
  priority: z.number().int(),
  summary: z.string(),
  type: NoticeType,
  starts_at: Instant.nullable().meta({ description: 'start of the window the notice is active in (RFC 3339, UTC); null: no start' }),
  expires_at: Instant.nullable().meta({ description: 'end of the window (RFC 3339, UTC), exclusive; null: no end' }),
  event_starts_at: Instant.optional().meta({ description: 'start of the event the notice announces, such as a maintenance window (RFC 3339, UTC); absent: no event. Shown ahead of it, from starts_at; as a calendar event at /api/notice/{id}/event.ics' }),
  event_ends_at: Instant.optional().meta({ description: 'end of the event (RFC 3339, UTC), exclusive; present exactly when event_starts_at is' }),
  audience: Audience.optional().meta({ description: 'the clients the notice concerns (versions, platforms, channels); absent: every client' }),
  lang: z.string().optional().meta({ description: 'the language summary and content are in; present when the request asked for a language (lang= or Accept-Language)' }),
}).meta({ id: 'Notice', description: 'an announcement to the client app' });
export type Notice = z.infer<typeof Notice>;

/**
 * Front matter of a notice's translation (`content/notices/<id>-<slug>.<lang>.md`): the translated
 * summary, with the id and date repeated so a reviewer sees which notice it belongs to. The
 * Markdown body is the translated content. A translator who copies the original file keeps its
 * other fields: each may be repeated, and must then agree with the original's.
 */
export const NoticeTranslationFrontMatter = z.strictObject({
  id: noticeId,
  summary: noticeSummary,
  ...noticeFields,
  active: noticeFields.active.optional(),
  priority: noticeFields.priority.optional(),
  type: noticeFields.type.optional(),
});
export type NoticeTranslationFrontMatter = z.infer<typeof NoticeTranslationFrontMatter>;

/** The fields a translation may repeat from its original, besides its id. */
export const NOTICE_REPEATED_FIELDS = ['date', 'active', 'priority', 'type', 'starts_at', 'expires_at', 'event_starts_at', 'event_ends_at', 'audience'] as const;
export type NoticeRepeatedField = (typeof NOTICE_REPEATED_FIELDS)[number];
