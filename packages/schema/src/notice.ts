import { z } from 'zod';
import { TIMESTAMP_PATTERN } from './time';

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
    date: z.iso.date({ error: 'expected a date written YYYY-MM-DD' }),
    priority: z.number().int().min(0).max(1000),
    summary: z.string().trim().min(1).max(300),
    type: NoticeType,
    starts_at: instant.optional(),
    expires_at: instant.optional(),
  })
  .refine((n) => !n.starts_at || !n.expires_at || Date.parse(n.starts_at) < Date.parse(n.expires_at), {
    message: 'expected starts_at to be before expires_at',
    path: ['expires_at'],
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
  starts_at: z.string().regex(TIMESTAMP_PATTERN).nullable().meta({ description: 'start of the window the notice is active in (UTC, the timestamp format); null: no start' }),
  expires_at: z.string().regex(TIMESTAMP_PATTERN).nullable().meta({ description: 'end of the window (UTC, the timestamp format), exclusive; null: no end' }),
});
export type Notice = z.infer<typeof Notice>;
