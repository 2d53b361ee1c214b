import type { ContentSnapshot } from '@companion/content';
import { INSTALL_ID } from '@companion/schema';
import type { Request } from 'express';

/** What a snapshot read gets from a request: path parameters (%-decoded), the query, the time. */
export interface ReadRequest {
  params: Record<string, string>;
  query: Request['query'];
  nowMs: number;
  /** For reads that negotiate (the HTML pages): what the request's Accept prefers. */
  prefers: 'html' | 'json';
  /** The request's Accept-Language header, for reads in the client's language. */
  acceptLanguage?: string;
  /** electron-updater's `x-user-staging-id` header (its `.updaterId`, or what the app set in `requestHeaders`). */
  stagingId?: string;
  /**
   * `install_id` as the fast path took it out of the URL, already checked (see SnapshotRead's
   * `installs`); the query then has none. Express's requests keep it in `query`: `installId`
   * reads either.
   */
  install?: string;
}

/**
 * A public read's answer: a JSON envelope stamped anew per response (`{<members>,"timestamp":
 * "..."[,<after>]}`), or a document served as it is. `validUntil` (ms since the epoch) ends it
 * early, e.g. at the next notice window boundary; caches never keep it past that instant.
 */
export type ReadAnswer =
  | { kind: 'envelope'; members: string; after?: string; validUntil?: number; language?: string }
  | { kind: 'document'; type: string; body: string; validUntil?: number; language?: string }
  /** Nothing to send: 204 No Content (Tauri's "no update"), served by Express rather than compiled. */
  | { kind: 'none'; validUntil?: number; language?: undefined };

/**
 * A route whose answer is a function of the content snapshot (and the time, for notice windows).
 * The route table carries it; the fast path compiles its answers once per snapshot slice and
 * key, and Express serves it on a miss (errors included: `answer` throws ApiError).
 */
export interface SnapshotRead {
  /** The slices of the snapshot the answer depends on; a cached answer lives while they do. */
  slices(snapshot: ContentSnapshot): readonly object[];
  answer(snapshot: ContentSnapshot, request: ReadRequest): ReadAnswer;
  /** The answer depends on Accept (HTML page or JSON). */
  negotiates?: boolean;
  /**
   * The answer changes whenever someone writes it through the API, and a writer reads it back
   * (for its ETag, to send in If-Match): `Cache-Control: public, no-cache`, so no shared cache
   * answers it without asking (the fast path still answers it, and a 304 costs little).
   */
  revalidate?: boolean;
  /**
   * For answers that depend on the query or headers beyond the path (the client's audience, its
   * language): a short key naming the answer. Requests with the same key share one answer, so the
   * fast path caches one answer per key, not per URL. A function of the snapshot, the path, the
   * query and Accept-Language alone (never the time): the fast path reuses it for a URL asked
   * again while those stay. Throws ApiError on a malformed parameter.
   */
  select?(snapshot: ContentSnapshot, request: ReadRequest): string;
  /** The answer is in a negotiated language: it varies by Accept-Language and says its Content-Language. */
  languages?: boolean;
  /**
   * For reads whose answer depends on the install a request names (`install_id`, electron-updater's
   * staging id) only through the staged releases it is in. `select` then leaves the install out,
   * and `select` here adds it: the fast path takes `install_id` out of the URL, so every install
   * shares one lookup and one `select` of its URL, and only this runs per request. It must be
   * cheap: a hash per staged release. An answer to a request naming an install is that
   * install's: `Cache-Control: private`, so no shared cache keeps it for others.
   */
  installs?: {
    /** The install the request names; undefined for none. Called after `select` has checked the request. */
    of(request: ReadRequest): string | undefined;
    /** The selection for that install, from `select`'s. */
    select(snapshot: ContentSnapshot, selection: string, install: string): string;
  };
  /**
   * Told of every request answered from this read (fast path or Express), after its answer was
   * found, with the snapshot it was found in and the selection (`selectionOf`; empty without
   * `select`): for counting what clients report (the installs an update check names, and what
   * their answer offered them). Must be cheap.
   */
  observe?(request: ReadRequest, snapshot: ContentSnapshot, selection: string): void;
}

/** A request's whole selection: `select`'s, for the install it names (see SnapshotRead's `installs`). */
export function selectionOf(read: SnapshotRead, snapshot: ContentSnapshot, request: ReadRequest): string {
  const selection = read.select?.(snapshot, request) ?? '';
  const install = read.installs?.of(request);
  return install === undefined ? selection : read.installs!.select(snapshot, selection, install);
}

/** The members of a success envelope before its timestamp; `data` is already serialised. */
export const dataMembers = (data: string, count?: number): string => `"success":true,${count === undefined ? '' : `"count":${count},`}"data":${data}`;

export const dataAnswer = (data: string, count?: number, validUntil?: number, language?: string): ReadAnswer => ({
  kind: 'envelope',
  members: dataMembers(data, count),
  ...(validUntil !== undefined && Number.isFinite(validUntil) && { validUntil }),
  ...(language !== undefined && { language }),
});

/** The body of an envelope answer at the time `stamp`. */
export const envelopeBody = (members: string, stamp: string, after = ''): string => `{${members},"timestamp":"${stamp}"${after && `,${after}`}}`;

/** The `x-user-staging-id` header when it is an install id (a UUID, as electron-updater sends it); anything else is not one. */
export const stagingIdOf = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && header.length <= 128 && INSTALL_ID.test(header) ? header : undefined;
