import { StorageUnavailableError } from '@companion/journal';
import { MailError, type Mailer } from '@companion/mailer';
import { EmailInput, MailReceipt } from '@companion/schema';
import { requireScope } from '../auth/require-scope';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import { limitPerCredential } from '../http/rate-limit';
import { sendData } from '../http/respond';
import { parseBody } from '../http/validate';
import type { RouteDef } from './table';

export function emailRoutes(deps: AppDeps, mailer: Mailer): RouteDef[] {
  const { auth, clock } = deps;
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
      example: { to: 'user@example.com', subject: 'Your tunnel is ready', markdown: 'Connect with **PORT1001** fixed.' },
      handlers: [
        requireScope(auth, 'email:send'),
        limitPerCredential(deps, 'email'),
        ...jsonBody,
        async (req, res) => {
          const message = parseBody(EmailInput, req.body);
          try {
            const receipt = await mailer.send(message);
            sendData(req, res, clock, JSON.stringify(receipt), undefined, 202);
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
