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

/** Front matter of a notice file (`content/notices/*.md`); the Markdown body is its content. */
export const NoticeFrontMatter = z
  .strictObject({
    id: z.number().int().positive().max(2_147_483_647),
    active: z.boolean(),
    date: CalendarDate,
    priority: z.number().int().min(0).max(1000),
    summary: z.string().trim().min(1).max(300),
    type: NoticeType,
    starts_at: instant.optional(),
    expires_at: instant.optional(),
    audience: Audience.optional(),
  })
  .refine((n) => !n.starts_at || !n.expires_at || Date.parse(n.starts_at) < Date.parse(n.expires_at), {
    error: (issue) => {
      const n = issue.input as { starts_at: string; expires_at: string };
      return `expected expires_at to be after starts_at (${n.starts_at}); found ${n.expires_at}`;
    },
    path: ['expires_at'],
    // Judged whenever both instants are valid, so another field's mistake does not hide it.
    when: ({ issues, value }) =>
      issues.every((i) => i.path?.[0] !== 'starts_at' && i.path?.[0] !== 'expires_at') &&
      typeof (value as { starts_at?: unknown }).starts_at === 'string' &&
      typeof (value as { expires_at?: unknown }).expires_at === 'string',
  });
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
  audience: Audience.optional().meta({ description: 'the clients the notice concerns (versions, platforms, channels); absent: every client' }),
  lang: z.string().optional().meta({ description: 'the language summary and content are in; present when the request asked for a language (lang= or Accept-Language)' }),
}).meta({ id: 'Notice', description: 'an announcement to the client app' });
export type Notice = z.infer<typeof Notice>;

/**
 * Front matter of a notice's translation (`content/notices/<id>-<slug>.<lang>.md`): the translated
 * summary, with the id and dates repeated so a reviewer sees which notice it belongs to. The
 * Markdown body is the translated content; every other field is the original's.
 */
export const NoticeTranslationFrontMatter = z.strictObject({
  id: z.number().int().positive().max(2_147_483_647),
  date: CalendarDate,
  summary: z.string().trim().min(1).max(300),
  starts_at: instant.optional(),
  expires_at: instant.optional(),
});
export type NoticeTranslationFrontMatter = z.infer<typeof NoticeTranslationFrontMatter>;
