import type { NextFunction, Request, Response } from 'express';
import { rememberCredential, type Scope, type Sessions, type SignedIn } from '@companion/auth';
import { takeFlash } from './flash';
import { page, signedInOr303 } from './sign-in-routes';
import { refusalPage } from './sign-in-pages';

/** The person a console handler runs for (set by `signedIn`). */
export const personOf = (res: Response): SignedIn => res.locals.person as SignedIn;

/** Only signed-in people (others go to the sign-in form), and with `scope` only those who hold it (403 page). */
export function signedIn(sessions: Sessions, scope?: Scope) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const person = await signedInOr303(sessions, req, res, scope);
    if (!person) return;
    if (scope && !person.scopes.has(scope)) {
      page(req, res, refusalPage('Not allowed', `This needs the ${scope} scope, which ${person.actor} does not hold.`, person), 403);
      return;
    }
    res.locals.person = person;
    if (req.method === 'GET') res.locals.flash = await takeFlash(sessions, req, res);
    // The API's per-person rate limits count console writes too.
    rememberCredential(req, person);
    next();
  };
}
