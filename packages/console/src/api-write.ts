import type { Request, Response } from 'express';
import type { SignedIn } from '@companion/auth';
import { clientIp } from '@companion/http-kit';
import type { ConsoleDeps } from './deps';
import { withFormKey } from './form-key';

/** What one console write sends to the API's operation: the body, path parameters and query, the If-Match tag, the form's key. */
export interface ConsoleWrite {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  ifMatch?: string;
  formKey?: string;
  /** The form is a confirmation, the same decision however often it is sent: see withFormKey. */
  fixedForm?: boolean;
}

/**
 * The API's own write operation at `method` and `path`, run for a signed-in person: the route's
 * limiter instance (console and API writes share one count per person), its validation and its
 * record, with the person as the actor; a form's key makes a second submit answer as the first.
 */
export function consoleWrite(deps: ConsoleDeps, method: string, path: string) {
  return async (req: Request, res: Response, person: SignedIn, call: ConsoleWrite) => {
    const write = deps.apiWrite(method, path);
    if (!write) throw new Error(`no write route ${method} ${path}`);
    await new Promise<void>((pass, refuse) => void write.limiter(req, res, (error?: unknown) => (error ? refuse(error) : pass())));
    const send = (key: string | undefined) =>
      write.handle({
        keyed: { method, path, authorization: undefined, key: key && `"${key}"`, owner: `console ${person.actor}` },
        body: call.body ?? {},
        params: call.params ?? {},
        who: { actor: person.actor, ip: clientIp(req) },
        ...(call.query && { query: call.query }),
        ...(call.ifMatch && { ifMatch: call.ifMatch }),
      });
    return call.formKey ? withFormKey(call.formKey, send, call.fixedForm) : send(undefined);
  };
}
