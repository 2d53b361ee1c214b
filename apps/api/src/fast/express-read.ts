import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../deps';
import { cachedEtagOf, ifNoneMatch, PRIVATE_CACHE_CONTROL, publicCacheControl, type ReadRequest, REVALIDATE_CACHE_CONTROL, selectionOf, sendEnvelope, sendTagged, type SnapshotRead, stagingIdOf, usePagePolicy } from '@companion/http-kit';
import { representationTags } from './compile';

const prefersOf = (req: Request): ReadRequest['prefers'] => (req.accepts(['html', 'json']) === 'json' ? 'json' : 'html');

/**
 * Serves a snapshot read through Express: what the fast path does not answer (its errors, and
 * every request when the fast path is off) goes through here, with the same body, ETag and headers.
 */
export function expressRead({ content, clock }: Pick<AppDeps, 'content' | 'clock'>, read: SnapshotRead): RequestHandler {
  return (req, res) => {
    const micros = clock.nowMicros();
    const nowMs = micros / 1000;
    const asked: ReadRequest = { params: req.params as Record<string, string>, query: req.query, nowMs, prefers: read.negotiates ? prefersOf(req) : 'json', acceptLanguage: req.headers['accept-language'], stagingId: stagingIdOf(req.headers['x-user-staging-id']) };
    const snapshot = content.current();
    const answer = read.answer(snapshot, asked);
    if (read.observe) read.observe(asked, snapshot, selectionOf(read, snapshot, asked));
    if (read.negotiates) res.vary('Accept');
    res.vary('Accept-Encoding');
    if (read.languages) res.vary('Accept-Language');
    if (answer.language !== undefined) res.setHeader('Content-Language', answer.language);
    res.setHeader('Cache-Control', read.installs?.of(asked) !== undefined ? PRIVATE_CACHE_CONTROL : read.revalidate ? REVALIDATE_CACHE_CONTROL : publicCacheControl(answer.validUntil, nowMs));
    if (answer.kind === 'none') {
      res.status(204).end();
      return;
    }
    const etag = cachedEtagOf(answer.kind === 'envelope' ? answer.members + (answer.after ?? '') : answer.body);
    if (answer.kind === 'document' && !answer.type.startsWith('application/json')) usePagePolicy(req, res);
    // A client holding any representation (the fast path's compressed ones too) has this answer.
    if (ifNoneMatch(req.headers['if-none-match'], representationTags(etag))) {
      res.setHeader('ETag', etag);
      res.status(304).end();
    } else if (answer.kind === 'envelope') sendEnvelope(req, res, clock, answer.members, 200, etag, answer.after, micros);
    else sendTagged(req, res, answer.type, answer.body, etag);
  };
}
