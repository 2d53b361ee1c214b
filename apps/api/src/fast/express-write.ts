import type { RequestHandler } from 'express';
import { credentialOf, requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { clientIp, jsonBody, MERGE_PATCH, mergePatchBody, sendEnvelope } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

/**
 * A write route through Express: credential (401/403), rate limit (429), JSON body (415, 413,
 * 400, 422), then the route's `handle`. What the fast write path passes on comes here.
 */
export function expressWrite({ auth, clock }: Pick<AppDeps, 'auth' | 'clock'>, route: RouteDef): RequestHandler[] {
  const { write, scope } = route;
  if (!write || !scope) throw new Error(`${route.method} ${route.path}: a write route needs a scope`);
  return [
    requireScope(auth, scope),
    write.limiter,
    ...(route.body ? (route.bodyMedia === MERGE_PATCH ? mergePatchBody : jsonBody) : []),
    async (req, res) => {
      // Only a route documented to take an Idempotency-Key reads one.
      const ifMatch = req.headers['if-match'];
      const keyed = { method: req.method, path: req.path, authorization: req.headers.authorization, key: route.idempotent ? req.headers['idempotency-key'] : undefined };
      const answer = await write.handle({ keyed, body: req.body, params: req.params as Record<string, string>, query: req.query as Record<string, unknown>, who: { ip: clientIp(req), actor: credentialOf(req).actor }, ...(ifMatch !== undefined && { ifMatch }) });
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      sendEnvelope(req, res, clock, answer.members, answer.status);
    },
  ];
}
