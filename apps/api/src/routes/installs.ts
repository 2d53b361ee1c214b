import { InstallCredential } from '@companion/schema';
import type { AppDeps } from '../deps';
import { ApiError, members, sendEnvelope } from '@companion/http-kit';
import { limitPerNetwork } from '../http/rate-limit';
import type { RouteDef } from '@companion/route-table';

const DAY_MS = 86_400_000;

/**
 * `POST /api/installs`: a credential for a new install, which it keeps and sends as its install id.
 * Only ids issued here are counted in release health and guards; issuing is limited per network,
 * so making installs up costs addresses and time (SECURITY.md). Nothing is stored: the credential
 * proves itself (see InstallCredentials).
 */
export function installRoutes(deps: Pick<AppDeps, 'adoption' | 'clock' | 'rateLimits' | 'rateLimitCounters' | 'logger'>): RouteDef[] {
  const { adoption, clock } = deps;
  return [
    {
      method: 'POST',
      path: '/api/installs',
      category: 'changelog',
      description: 'A credential for a new install (no body): keep it and send it as install_id on update checks and bug reports; limited per network (RATE_LIMIT_INSTALLS, default 20 an hour per /24 or /48)',
      data: InstallCredential,
      errors: ['STORAGE_UNAVAILABLE'],
      status: 201,
      handlers: [
        limitPerNetwork(deps, 'installs'),
        (req, res) => {
          if (!adoption) throw new ApiError('STORAGE_UNAVAILABLE', 'Installs are not counted on this service: no credential is issued.');
          const nowMs = clock.nowMicros() / 1000;
          const credential: InstallCredential = { install_id: adoption.issue(nowMs), issued_on: new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10) };
          sendEnvelope(req, res, clock, members({ success: true, data: credential }), 201);
        },
      ],
    },
  ];
}
