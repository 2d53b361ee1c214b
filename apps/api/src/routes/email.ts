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

export function emailRoutes({ auth, clock, rateLimits }: AppDeps, mailer: Mailer): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/api/send_email',
      category: 'mail service',
      description: 'Send an e-mail (to, subject, text and/or markdown); 202 with message_id, accepted, rejected',
      scope: 'email:send',
      body: EmailInput,
      data: MailReceipt,
      errors: ['MAIL_UPSTREAM_FAILED', 'MAIL_TIMEOUT'],
      status: 202,
      example: { to: 'user@example.com', subject: 'Your tunnel is ready', markdown: 'Connect with **PORT1001** fixed.' },
      handlers: [
        requireScope(auth, 'email:send'),
        limitPerCredential(rateLimits.email),
        ...jsonBody,
        async (req, res) => {
          const message = parseBody(EmailInput, req.body);
          try {
            const receipt = await mailer.send(message);
            sendData(req, res, clock, JSON.stringify(receipt), undefined, 202);
          } catch (error) {
            if (error instanceof MailError) throw new ApiError(error.code, error.message);
            throw error;
          }
        },
      ],
    },
  ];
}
