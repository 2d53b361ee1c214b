import { StorageUnavailableError } from '@companion/journal';
import { MailError, type Mailer } from '@companion/mailer';
import { EmailInput, MailReceipt } from '@companion/schema';
import { requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { ApiError, claimOf, dataMembers, IdempotentWrites, jsonBody, parseBody, sendEnvelope } from '@companion/http-kit';
import { limitPerCredential } from '../http/rate-limit';
import type { RouteDef } from '@companion/route-table';

export function emailRoutes(deps: AppDeps, mailer: Mailer): RouteDef[] {
  const { auth, clock } = deps;
  const keyed = new IdempotentWrites(deps.restore ?? null);
  return [
    {
      method: 'POST',
      path: '/api/send_email',
      category: 'mail service',
      description: 'Send an e-mail (to, subject, text and/or markdown); 202 with message_id, accepted, rejected',
      scope: 'email:send',
      body: EmailInput,
      data: MailReceipt,
      errors: ['MAIL_UPSTREAM_FAILED', 'MAIL_TIMEOUT', 'STORAGE_UNAVAILABLE'],
      status: 202,
      idempotent: true,
      example: { to: 'user@example.com', subject: 'Your tunnel is ready', markdown: 'Connect with **PORT1001** fixed.' },
      handlers: [
        requireScope(auth, 'email:send'),
        limitPerCredential(deps, 'email'),
        ...jsonBody,
        async (req, res) => {
          const claim = claimOf({ method: req.method, path: req.path, authorization: req.headers.authorization, key: req.headers['idempotency-key'], body: req.body });
          try {
            const answer = await keyed.run(
              claim,
              {
                recall: (c) => mailer.recall(c),
                perform: (c) => mailer.send(parseBody(EmailInput, req.body), c ?? undefined),
                refusesHeldKeys: mailer.refusesHeldKeys,
                // A mail goes once per key: after a restore a key that cannot be placed in time is refused.
                refusesUnverifiedKeys: true,
              },
              (receipt) => ({ status: 202, members: dataMembers(JSON.stringify(receipt)) }),
            );
            for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
            sendEnvelope(req, res, clock, answer.members, answer.status);
          } catch (error) {
            if (error instanceof MailError) throw new ApiError(error.code, error.message);
            if (error instanceof StorageUnavailableError) throw new ApiError('STORAGE_UNAVAILABLE', `The message cannot be stored in the outbox: ${error.message}.`);
            throw error;
          }
        },
      ],
    },
  ];
}
