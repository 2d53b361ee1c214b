import { z } from 'zod';
import { FLAG_MAX_LENGTH, FLAG_PATTERN, OPERATIONS, SEVERITIES } from './error-entry';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, ReportedVersion } from './feedback';
import { ARCHITECTURES } from './artifact';
import { CHANNELS, PLATFORMS } from './audience';
import { CalendarDate } from './calendar-date';
import { CLIENT_VERSION, PREVIEW_VERSION, STABLE_VERSION } from './release';

/** An install id: printable ASCII without spaces. */
export const INSTALL_ID = /^[\x21-\x7e]+$/;

// Path and query parameters as the OpenAPI document describes them. The route handlers check the
// same patterns and bounds (pathParam, queryInt, queryEnum); the contract tests hold the two together.

export const StableVersionParam = z.string().max(64).regex(STABLE_VERSION).meta({ description: 'a stable release version <major>.<minor>.<patch>', examples: ['1.9.0'] });
export const PreviewVersionParam = z.string().max(64).regex(PREVIEW_VERSION).meta({ description: 'a preview release version, with an optional pre-release tag', examples: ['1.12.0-beta.1'] });
export const SinceVersionParam = z.string().max(64).regex(CLIENT_VERSION).meta({ description: 'the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does', examples: ['1.8.0', 'v1.11.0', '1.11.0+build.5'] });
export const NoticeIdParam = z.number().int().min(1).max(9_999_999_999).meta({ description: 'a notice id, a positive integer', examples: [1] });
export const FlagParam = z.string().max(FLAG_MAX_LENGTH).regex(FLAG_PATTERN).meta({ description: 'a Flag: capital letters followed by digits', examples: ['PORT1001'] });
export const CodenameParam = z.string().max(40).regex(/^[A-Za-z]+$/).meta({ description: 'an element name, any letter case', examples: ['neon'] });

const count = (min: number, max: number, fallback: number, description: string) =>
  z.number().int().min(min).max(max).default(fallback).meta({ description, examples: [fallback] });

export const FeedbackQuery = {
  page: count(1, 1_000_000, 1, 'page number, from 1'),
  per_page: count(1, 500, 50, 'records per page'),
  type: z.enum(FEEDBACK_TYPES).meta({ description: 'only feedback of this type' }),
  ...FeedbackFilterQuery(),
};

/** The filters the feedback list and its CSV export share (beside `type`). */
function FeedbackFilterQuery() {
  return {
    platform: z.enum(PLATFORMS).meta({ description: 'only feedback from this platform' }),
    client_version: ReportedVersion.meta({ description: 'only feedback from this client version, as reported', examples: ['1.11.2'] }),
    status: z.enum(FEEDBACK_STATUSES).meta({ description: 'only feedback with this status' }),
    from: CalendarDate.meta({ description: 'only feedback sent on this UTC day or later, YYYY-MM-DD', examples: ['2026-11-01'] }),
    to: CalendarDate.meta({ description: 'only feedback sent on this UTC day or earlier, YYYY-MM-DD', examples: ['2026-11-30'] }),
    q: z.string().max(200).meta({ description: 'only feedback whose text holds these characters (any letter case)', examples: ['tray icon'] }),
  };
}

/** `GET /api/feedback/export`: the list's filters without paging. */
export const FeedbackExportQuery = { type: FeedbackQuery.type, ...FeedbackFilterQuery() };

/** A search query may be a pasted log line or two. */
export const SEARCH_QUERY_MAX_LENGTH = 1000;

/** `from` on an entry page's link from a page of results: the query it was found for, counted (see docs/API.md, Search analytics). */
export const SearchFromParam = z.string().max(SEARCH_QUERY_MAX_LENGTH).meta({ description: 'the search this entry was opened from (the results page sets it); counted per day with no one named', examples: ['too many open files'] });

export const SearchParams = {
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH).meta({ description: 'what to find: a code, words, or a pasted log line (case-insensitive; at most 1,000 characters)', examples: ['port', 'listen tcp 127.0.0.1:8080: bind: address already in use'] }),
  category: z.string().max(40).meta({ description: 'only entries of this category', examples: ['network'] }),
  severity: z.enum(SEVERITIES).meta({ description: 'only entries of this severity' }),
  limit: count(1, 100, 20, 'most entries to answer'),
};

export const LogQuery = {
  flag: z.string().max(FLAG_MAX_LENGTH).meta({ description: 'only records of this Flag', examples: ['PORT1001'] }),
  operation: z.enum(OPERATIONS).meta({ description: 'only records of this operation' }),
  limit: count(1, 500, 50, 'most records to answer'),
  offset: count(0, 1_000_000_000, 0, 'records to skip, newest first'),
};

/** What a client says about itself when it asks for notices: each narrows the answer to the notices meant for it. */
export const ClientQuery = {
  client_version: z.string().max(64).regex(PREVIEW_VERSION).meta({ description: 'the version the client runs; only notices whose audience range includes it', examples: ['1.10.2'] }),
  platform: z.enum(PLATFORMS).meta({ description: 'the platform the client runs on; only notices meant for it' }),
  channel: z.enum(CHANNELS).meta({ description: 'the update channel the client follows; only notices meant for it' }),
};

/** An install's opaque, stable id: picks the install's share of a staged rollout. */
export const InstallIdParam = z.string().min(1).max(128).regex(INSTALL_ID).meta({ description: 'an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it', examples: ['8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b'] });

/** The version an updater's feed URL may carry: with an install id, the check counts the install in release health. */
export const FeedVersionParam = z.string().max(64).regex(CLIENT_VERSION).meta({ description: "the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it", examples: ['1.11.2'] });

/** The platform and architecture an update check asks for: only releases with a build for it, and the build to download. */
export const UpdatePlatformParam = z.enum(PLATFORMS).meta({ description: 'the platform the client runs on: only releases it can install are listed (a release with builds but none for it is not offered), and the answer carries the build to download' });
export const UpdateArchParam = z.enum(ARCHITECTURES).meta({ description: 'the processor architecture, with platform (x64 when left out)' });
