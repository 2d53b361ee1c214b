import type { Authenticator, SignInSettings } from '@companion/auth';
import type { AdoptionRecorder } from '@companion/adoption-store';
import type { CatalogStore } from '@companion/catalog-store';
import type { ContentSnapshot } from '@companion/content';
import type { FeedbackStore } from '@companion/feedback-store';
import type { JsonWrite, KeyRestoreGuard } from '@companion/http-kit';
import type { Mailer } from '@companion/mailer';
import type { RolloutHalts } from '@companion/release-guard';
import type { Clock, ErrorEntry } from '@companion/schema';
import type { SearchFeedbackStore, SearchRecorder } from '@companion/search-feedback';
import type { SignedOutSessions } from '@companion/session-store';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** The rate limiters the console's forms pass, the API's own, so a person's console and API requests count against one limit. */
export interface ConsoleLimiters {
  /** Per person at the catalogue's rate; `counter` names the count (the API's limiter of the same name shares it where counters are shared). */
  perPerson(counter: string): RequestHandler;
  /** Failed sign-ins per client address and token typed (and per address, more loosely); runs after the form is read. */
  signInFailures(): RequestHandler;
}

/** A restore of the service's data as the console shows and confirms it (the service's RestoreWatch). */
export interface ConsoleRestore extends KeyRestoreGuard {
  restore(): { id: string; detected_at: string; restored_to: string | null; detected_by: string; confirmed_at: string | null; confirmed_by: string | null; confirm_reason: string | null } | null;
  unconfirmed(): boolean;
  /** Sessions issued before this instant (ms) are refused; null: no restore. */
  sessionsValidFrom(): number | null;
  /** Confirms the restore `id` alone; refused (`newer`) while a later one waits. */
  confirm(id: string, by: string, reason: string): Promise<{ kind: 'confirmed' | 'done' | 'unknown' } | { kind: 'newer'; newer: { id: string; detected_at: string } }>;
}

/**
 * What the console needs from the service that mounts it: the same stores and services the API
 * uses (AppDeps names them alike), the API's write operations and limiters, and how the API tags
 * a catalogue entry.
 */
export interface ConsoleDeps {
  content: { current(): ContentSnapshot };
  auth: Authenticator;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** `PUBLIC_URL`: the base of the sign-in redirects; without it, the address each request arrived at. */
  publicUrl?: string | null;
  /** How people sign in (SESSION_SECRET, OIDC_*); absent or null: the console says it is not set up. */
  signIn?: SignInSettings | null;
  /** Console sessions signed out before their expiry, shared by every replica. */
  signedOut: SignedOutSessions;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  /** For erasures: the outbox's copies of an address go with its feedback. */
  mailer: Pick<Mailer, 'erase'>;
  /** Install counts for release health; absent or null: none to chart. */
  adoption?: AdoptionRecorder | null;
  /** The rollout guards, halts and shares; absent or null: none is halted. */
  halts?: RolloutHalts | null;
  /** What the service noticed of a restore of its data; absent or null: it does not watch. */
  restore?: ConsoleRestore | null;
  /** Search counts and the answers staff mark (`/console/search`); absent or null: not kept. */
  searchFeedback?: { store: SearchFeedbackStore; recorder: SearchRecorder } | null;
  /** The API's write operation at `method` and `path` (its route's `write`), so the console validates, limits and records exactly as the API does. */
  apiWrite(method: string, path: string): JsonWrite | undefined;
  limiters: ConsoleLimiters;
  /** The strong ETag the API answers for a catalogue entry, which the console's edit forms carry as If-Match. */
  entryTag(entry: ErrorEntry): string;
}
