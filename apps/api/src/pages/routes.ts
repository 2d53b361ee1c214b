import { readFileSync } from 'node:fs';
import type { ContentSnapshot } from '@companion/content';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { memoPerSnapshot } from '../http/memo';
import { sendData, sendTagged } from '../http/respond';
import { pathParam } from '../http/validate';
import type { RouteDef } from '../routes/table';
import { elementPage } from './element-page';
import { elementJson, elementViews, tableJson } from './element-views';
import { periodicTablePage } from './periodic-table';

const STYLESHEET = readFileSync(new URL('./pages.css', import.meta.url), 'utf8');
const HTML_TYPE = 'text/html; charset=utf-8';

/** What a page request resolves to, in both of its forms; each is built only when asked for. */
export interface Answer {
  json(): { data: string; count?: number };
  html(): string;
}

/**
 * HTML unless the request prefers JSON (then the envelope, errors included, as the API answers).
 * Both forms vary with Accept, and a failed HTML request gets an HTML error page.
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

const elementJsons = memoPerSnapshot(elementJson);
const elementPages = memoPerSnapshot(elementPage);

function elementAnswer(snapshot: ContentSnapshot, name: string): Answer {
  const view = elementViews(snapshot).byName.get(name.toLowerCase());
  if (!view) throw new ApiError('CODENAME_NOT_FOUND', `No element is named ${JSON.stringify(name)}.`);
  return { json: () => ({ data: elementJsons(view) }), html: () => elementPages(view) };
}

/** `/elements`, its alias `/codename`, `/codename/<name>` and their stylesheet. */
export function pageRoutes(deps: AppDeps): RouteDef[] {
  const { content } = deps;
  const table = negotiated(deps, () => {
    const snapshot = content.current();
    return { json: () => ({ data: tableJson(snapshot), count: snapshot.elements.length }), html: () => periodicTablePage(snapshot) };
  });
  const element = negotiated(deps, (req) =>
    elementAnswer(content.current(), pathParam(req, 'codename', /^[A-Za-z]+$/, 40, 'an element name such as Neon')),
  );
  const route = (path: string, description: string, handler: RequestHandler): RouteDef => ({
    method: 'GET',
    path,
    category: 'software codenames',
    description,
    handlers: [handler],
    ...(path.includes(':') && { errors: ['CODENAME_NOT_FOUND'] }),
  });
  return [
    route('/elements', 'The periodic table as a page, codenames in use marked (JSON when Accept prefers it)', table),
    route('/codename', 'Alias of /elements', table),
    route('/codename/:codename', "An element's page: facts, description and the releases named after it (case-insensitive; JSON when Accept prefers it)", element),
    route('/assets/pages.css', 'The stylesheet of the periodic-table pages', (req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      sendTagged(req, res, 'text/css; charset=utf-8', STYLESHEET);
    }),
  ];
}
