import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../deps';
import { sendData, sendTagged } from './respond';

const HTML_TYPE = 'text/html; charset=utf-8';

/** What a page request resolves to, in both of its forms; each is built only when asked for. */
export interface Answer {
  json(): { data: string; count?: number };
  html(): string;
}

/**
 * HTML unless the request prefers JSON (then the envelope). Both forms vary with Accept; errors
 * are answered by the error handler, as a page or as JSON by the same rule.
 */
export function negotiated({ clock }: AppDeps, resolve: (req: Request) => Answer): RequestHandler {
  return (req: Request, res: Response) => {
    res.vary('Accept');
    const answer = resolve(req);
    if (req.accepts(['html', 'json']) === 'json') {
      const { data, count } = answer.json();
      sendData(req, res, clock, data, count);
    } else {
      res.setHeader('Cache-Control', 'no-cache');
      sendTagged(req, res, HTML_TYPE, answer.html());
    }
  };
}
