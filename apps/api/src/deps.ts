import type { SearchFeedback } from './search-feedback';
import type { CatalogStore } from '@companion/catalog-store';
import type { ContentStore } from '@companion/content';
import type { Database } from '@companion/database';
import type { ErrorSearch } from '@companion/error-search';
import type { FeedbackStore } from '@companion/feedback-store';
import type { Mailer } from '@companion/mailer';
import type { Clock } from '@companion/schema';
import type { Logger } from 'pino';
import type { Authenticator, SignInSettings } from '@companion/auth';
import type { SignedOutSessions } from '@companion/session-store';
import type { AdoptionRecorder } from '@companion/adoption-store';
import type { RolloutHalts } from '@companion/release-guard';
import type { RestoreWatch } from '@companion/restore-watch';
import type { CatalogDigest } from './catalog-digest';
import type { ContentRevision } from './content-revision';
import type { CorsPolicy } from '@companion/http-kit';
import type { RateLimitCounters } from '@companion/rate-limit-store';
import type { RateLimits } from './http/rate-limit';

/** What the app reads content from: the live store, or any holder of a snapshot. */
export type ContentSource = Pick<ContentStore, 'current' | 'status'>;

/** Everything createApp needs; tests build these from real parts on temp folders. */
export interface AppDeps {
  content: ContentSource;
  auth: Authenticator;
  clock: Clock;
  logger: Logger;
  /** The service's own version, shown in the index and /health. */
  version: string;
  /** Express `trust proxy` setting; false unless configured. */
  trustProxy: boolean | number | string;
  rateLimits: RateLimits;
  /** Rate-limit counters shared by replicas (PostgreSQL); without them, each limiter counts in memory. */
  rateLimitCounters?: RateLimitCounters | null;
  mailer: Mailer;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  /** The database behind the stores (DATABASE_URL), for /health; absent or null: the flat files. */
  database?: Pick<Database, 'health'> | null;
  /** The catalogue search index (openServices builds it at start-up); a new, empty one if not given. */
  errorSearch?: ErrorSearch;
  /** The content folder's git revision for /health; absent: not reported (null). */
  revision?: Pick<ContentRevision, 'current'>;
  /** The served catalogue's digest for /health; a new one if not given. */
  catalogDigest?: CatalogDigest;
  /** With a database: files of DATA_DIR whose data the database does not hold (shown in /health). */
  unimportedData?: readonly string[];
  /** Cross-origin access (`CORS_ORIGINS`); public reads from any origin unless given. */
  cors?: CorsPolicy;
  /** Answer cacheable reads before Express (default true; false serves everything through Express). */
  fastReads?: boolean;
  /** Answer authenticated JSON writes before Express (default true; false sends them through Express). */
  fastWrites?: boolean;
  /** `PUBLIC_URL`: the base of absolute links; without it, the address each request arrived at. */
  publicUrl?: string | null;
  /** How people sign in to the console (SESSION_SECRET, OIDC_*); absent or null: the console says it is not set up. */
  signIn?: SignInSettings | null;
  /** Console sessions signed out before their expiry, shared by every replica (openServices opens it). */
  signedOut: SignedOutSessions;
  /** Counts the installs update checks name (see adoption/); absent or null: none counted, release health answers 503. */
  adoption?: AdoptionRecorder | null;
  /** Rollouts halted by their guard (see rollout-halt/); absent or null: none is halted. */
  halts?: RolloutHalts | null;
  /** Notices restores of the data from an older backup (see restore/); absent or null: not watched. */
  restore?: RestoreWatch | null;
  /** Search counts and the answers staff mark (openServices opens them); absent or null: not kept. */
  searchFeedback?: Pick<SearchFeedback, 'store' | 'recorder'> | null;
  /** Bytes the fast path's cached answers may hold together (default 32 MiB). */
  fastCacheBytes?: number;
}
