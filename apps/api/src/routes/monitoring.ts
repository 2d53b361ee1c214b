import { HealthProbe } from '@companion/schema';
import type { Request, Response } from 'express';
import { requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { etagOf, members, sendEnvelope, sendTagged } from '@companion/http-kit';
import type { ServiceMetrics } from '@companion/metrics';
import type { HealthPart } from './health';
import type { RouteDef } from '@companion/route-table';

/**
 * Probes for balancers and orchestrators, one question each (200 yes, 503 no), and the
 * Prometheus metrics. `/health` stays the full report, 200 while the service serves.
 */
export function monitoringRoutes({ auth, clock, content, database }: AppDeps, parts: readonly HealthPart[], metrics: ServiceMetrics): RouteDef[] {
  const probe = (req: Request, res: Response, yes: boolean, status: [string, string], reason: string | null) =>
    sendEnvelope(req, res, clock, members({ success: yes, status: yes ? status[0] : status[1], reason: yes ? null : reason }), yes ? 200 : 503);
  const base = { method: 'GET' as const, category: 'system monitoring' as const, answer: HealthProbe };
  return [
    {
      ...base,
      path: '/health/live',
      description: 'Liveness: 200 while the process answers at all (restart it when this fails)',
      handlers: [(req, res) => probe(req, res, true, ['live', 'live'], null)],
    },
    {
      ...base,
      path: '/health/ready',
      description: 'Readiness: 200 once content is loaded and reads are served, 503 before (send it no traffic then)',
      handlers: [(req, res) => probe(req, res, content.current().generation > 0, ['ready', 'not ready'], 'the content is not loaded yet')],
    },
    {
      ...base,
      path: '/health/writable',
      description: 'Writability: 200 when every store takes writes, 503 with the reason when a write would be refused (send writes elsewhere)',
      handlers: [
        (req, res) => {
          const refusing = parts.map((part) => ({ name: part.name, report: part.report() as { writable: boolean; reason?: string | null } })).find((p) => !p.report.writable);
          const connection = database?.health();
          const reason = refusing ? `${refusing.name}: ${refusing.report.reason ?? 'refuses writes'}` : connection?.connected === false ? 'the database does not answer' : null;
          probe(req, res, reason === null, ['writable', 'not writable'], reason);
        },
      ],
    },
    {
      method: 'GET',
      path: '/metrics',
      category: 'system monitoring',
      description: 'Prometheus metrics (text exposition format): requests, latency, fast path, writes, replication, pool, content, event loop',
      scope: 'health:read',
      media: ['text/plain'],
      handlers: [
        requireScope(auth, 'health:read'),
        async (req, res) => {
          const text = await metrics.text();
          // A strong ETag like every GET (a scrape that changed nothing is a 304); never cached by others.
          res.setHeader('Cache-Control', 'no-store');
          sendTagged(req, res, metrics.contentType, text, etagOf(text));
        },
      ],
    },
  ];
}
