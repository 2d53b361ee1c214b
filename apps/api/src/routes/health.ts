import { formatIssue } from '@companion/content';
import { formatInstant, formatUtcInstant, HealthReport } from '@companion/schema';
import type { AppDeps } from '../deps';
import { guardStatuses } from '@companion/release-guard';
import { optionalCredential } from '@companion/auth';
import { CatalogDigest } from '../catalog-digest';
import { NOT_GIT } from '../content-revision';
import { members, publicBase, sendEnvelope } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

/** A part of the service that reports whether it can take writes (catalogue, feedback, mail). */
export interface HealthPart {
  name: string;
  report(): { writable: boolean };
}

/** Issues listed in full; the rest are counted in `issues_total`, so /health stays small. */
const HEALTH_ISSUES_SHOWN = 50;

export function healthRoutes({ auth, content, clock, version, publicUrl, database, catalog, revision, catalogDigest, unimportedData, halts, adoption, restore }: AppDeps, parts: readonly HealthPart[], startedAtMicros: number): RouteDef[] {
  const base = publicBase(publicUrl);
  const digest = catalogDigest ?? new CatalogDigest();
  return [
    {
      method: 'GET',
      path: '/health',
      category: 'system monitoring',
      description: 'Service status: content load, content issues and storage',
      answer: HealthReport,
      handlers: [
        (req, res) => {
          const status = content.status();
          const snapshot = content.current();
          const { counts } = snapshot;
          const checkout = revision?.current() ?? NOT_GIT;
          const { log_id, log_ancestors, applied_seq, pending, conflicts } = catalog.health();
          const reports = Object.fromEntries(parts.map((part) => [part.name, part.report()]));
          const connection = database?.health();
          // Where the database is and how its pool is doing is the operator's to see, not the public's.
          const detailed = optionalCredential(auth, req)?.scopes.has('health:read') ?? false;
          const shown = connection && (detailed ? connection : { store: connection.store, connected: connection.connected, since: connection.since });
          // A database that is away refuses every write, even before a store has tried one.
          const writable = Object.values(reports).every((r) => r.writable) && connection?.connected !== false;
          const instant = (iso: string | null) => (iso === null ? null : formatInstant(iso));
          const counting = adoption?.health();
          const adoptionHealth = counting ? { ...counting, last_flush_at: instant(counting.last_flush_at), failing_since: instant(counting.failing_since) } : null;
          const judging = halts?.judgement();
          const judgement = judging ? { ...judging, last_judged_at: instant(judging.last_judged_at), failing_since: instant(judging.failing_since) } : null;
          const restored = restore?.restore() ?? null;
          const degraded = status.issues.length > 0 || !writable || adoptionHealth?.failing_since != null || judgement?.failing_since != null || restore?.unconfirmed() === true || restore?.witnessProblem() != null;
          const body = members({
            success: true,
            status: degraded ? 'degraded' : 'ok',
            version,
            uptime_s: Math.floor((clock.nowMicros() - startedAtMicros) / 1e6),
            content: {
              loaded_at: formatUtcInstant(status.loadedAt),
              counts,
              issues: status.issues.slice(0, HEALTH_ISSUES_SHOWN).map((issue) => ({ ...issue, text: formatIssue(issue) })),
              issues_total: status.issues.length,
              reconciliation: status.reconciliation && {
                interval_ms: status.reconciliation.intervalMs,
                event_queue: status.reconciliation.eventQueue,
                last_run_at: status.reconciliation.lastRunAt === null ? null : formatUtcInstant(status.reconciliation.lastRunAt),
                duration_ms: Math.round(status.reconciliation.durationMs * 10) / 10,
                found: status.reconciliation.found,
                files: status.reconciliation.files,
              },
              ...checkout,
            },
            catalog: { entries: snapshot.errors.size, digest: digest.of(snapshot.errors), log_id, log_ancestors, applied_seq, exported_seq: catalog.exportedSeq(snapshot.catalogExports), pending, conflicts },
            releases: {
              halted: [...(halts?.halted.values() ?? [])].sort((a, b) => b.id - a.id).map(({ version, channel, day, halted_at, halted_by, reason, figures }) => ({ version, channel, day, halted_at, halted_by, reason, figures })),
              // An unjudged guard is shown, not counted against the status: the service is fine, the guard lacks figures.
              guards: guardStatuses(snapshot, halts),
              judgement,
            },
            adoption: adoptionHealth,
            restore: restore
              ? {
                  detected_at: instant(restored?.detected_at ?? null),
                  restored_to: instant(restored?.restored_to ?? null),
                  detected_by: restored?.detected_by ?? null,
                  confirmed: !restore.unconfirmed(),
                  confirmed_at: instant(restored?.confirmed_at ?? null),
                  confirmed_by: restored?.confirmed_by ?? null,
                  // A path of the machine is for those who may read the details.
                  witness: detailed ? restore.witnessPath : null,
                  witness_problem: detailed ? restore.witnessProblem() : restore.witnessProblem() && 'the restore witness cannot be kept in its file (health:read shows which and why)',
                }
              : null,
            storage: { writable, store: connection ? 'postgresql' : 'files', ...(shown && { database: shown }), ...(unimportedData?.length && { unimported: unimportedData.slice(0, 20) }), ...reports },
            public_url: { base: base.url(req), source: base.source },
          });
          sendEnvelope(req, res, clock, body);
        },
      ],
    },
  ];
}
