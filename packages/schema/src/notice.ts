import { z } from 'zod';
import { CalendarDate } from './calendar-date';

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
});
export type Notice = z.infer<typeof Notice>;
