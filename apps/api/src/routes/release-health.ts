import { StorageUnavailableError } from '@companion/feedback-store';
import { FEEDBACK_TYPES, PREVIEW_VERSION } from '@companion/schema';
import { z } from 'zod';
import { releaseHealth } from '@companion/release-guard';
import { requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { ApiError, members, pathParam, queryInt, sendEnvelope } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

const Adoption = z.strictObject({
  active_installs: z.number().int().nonnegative().meta({ description: 'installs that checked for updates from this version that day (distinct, exact)' }),
  share: z.number().min(0).max(1).meta({ description: 'of the installs active that day (on that platform), the part on this version' }),
});
const FeedbackRates = z.strictObject({
  install_days: z.number().int().nonnegative().meta({ description: 'installs active on the version per day, summed over the days' }),
  by_type: z.record(z.enum(FEEDBACK_TYPES), z.strictObject({ count: z.number().int().nonnegative(), per_1000: z.number().nonnegative().nullable().meta({ description: '1000 × count ÷ install_days; null without installs' }) })),
});
export const ReleaseHealth = z.strictObject({
  version: z.string(),
  channel: z.enum(['stable', 'preview']),
  previous: z.string().nullable().meta({ description: 'the release before it on its channel, compared on the same days; null for the first' }),
  from: z.string().meta({ description: 'first UTC day, YYYY-MM-DD' }),
  to: z.string().meta({ description: 'last UTC day (today), YYYY-MM-DD' }),
  days: z.array(Adoption.extend({
    date: z.string(),
    offered: z.number().int().nonnegative().meta({ description: 'installs offered this version for the first time that day, by an update check from another version' }),
    took: z.number().int().nonnegative().meta({ description: 'installs that checked for updates from this version for the first time that day, having been offered it (that day or before)' }),
    platforms: z.record(z.string(), Adoption).meta({ description: 'per platform the install reported (`unknown` when it named none)' }), previous: Adoption.nullable() })),
  uptake: z.strictObject({
    offered: z.number().int().nonnegative().meta({ description: 'installs first offered this version on one of the days' }),
    took: z.number().int().nonnegative().meta({ description: 'installs that took it on one of the days: checked in from it after having been offered it' }),
  }),
  feedback: FeedbackRates,
  previous_feedback: FeedbackRates.nullable(),
});

const ReleaseVersionParam = z.string().max(64).regex(PREVIEW_VERSION).meta({ description: 'a release version, stable or preview', examples: ['1.12.0', '1.13.0-beta.1'] });
const DaysParam = z.string().regex(/^\d{1,4}$/).meta({ description: 'how many days, ending today (UTC), 1 to the retention period (default 14)', examples: ['14'] });

const unavailable = (error: unknown): never => {
  throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `Release health cannot be read: ${error.message}.`) : error;
};

/** `GET /api/releases/<version>/health`: adoption and feedback rates of a release against the one before it. */
export function releaseHealthRoutes({ auth, clock, content, feedback, adoption }: Pick<AppDeps, 'auth' | 'clock' | 'content' | 'feedback' | 'adoption'>): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/releases/:version/health',
      category: 'changelog',
      description: "A release's health: installs active on it and their share per day and platform, the installs offered it and those that took it, and feedback per 1,000 active installs by type, against the previous release on the same days; query days (default 14)",
      scope: 'releases:read',
      params: { version: ReleaseVersionParam },
      query: { days: DaysParam },
      data: ReleaseHealth,
      errors: ['RELEASE_NOT_FOUND', 'STORAGE_UNAVAILABLE'],
      handlers: [
        requireScope(auth, 'releases:read'),
        async (req, res) => {
          const version = pathParam(req, 'version', PREVIEW_VERSION, 64, 'a release version such as 1.12.0 or 1.13.0-beta.1');
          if (!adoption) throw new ApiError('STORAGE_UNAVAILABLE', 'Release health cannot be read: this service counts no installs.');
          const days = queryInt(req, 'days', 1, adoption.retentionDays, 14);
          const data = await releaseHealth({ adoption, feedback, clock }, content.current(), version, days).catch(unavailable);
          if (data === null) throw new ApiError('RELEASE_NOT_FOUND', `No release has version ${version}.`);
          sendEnvelope(req, res, clock, members({ success: true, data }));
        },
      ],
    },
  ];
}
