import { readFileSync } from 'node:fs';
import type { ContentSnapshot } from '@companion/content';
import { CodenameParam, ElementDetail, ElementTable } from '@companion/schema';
import type { AppDeps } from '../deps';
import { type Answer, ApiError, memoPerSnapshot, negotiated, pathParam, type SnapshotRead } from '@companion/http-kit';
import { PAGES_STYLESHEET } from '../package-files';
import type { RouteDef } from '@companion/route-table';
import { elementJson, elementPage, type ElementView, elementViews, pageLinks, periodicTablePage, tableJson } from '@companion/pages';

const STYLESHEET = readFileSync(PAGES_STYLESHEET, 'utf8');

const elementJsons = memoPerSnapshot(elementJson);

/** `/elements`, its alias `/codename`, `/codename/<name>` and their stylesheet. */
export function pageRoutes({ publicUrl }: Pick<AppDeps, 'publicUrl'>): RouteDef[] {
  const links = pageLinks(publicUrl);
  const tablePages = memoPerSnapshot((snapshot: ContentSnapshot) => links(periodicTablePage(snapshot)));
  const elementPages = memoPerSnapshot((view: ElementView) => links(elementPage(view)));
  const elementAnswer = (snapshot: ContentSnapshot, name: string): Answer => {
    const view = elementViews(snapshot).byName.get(name.toLowerCase());
    if (!view) throw new ApiError('CODENAME_NOT_FOUND', `No element is named ${JSON.stringify(name)}.`);
    return { json: () => ({ data: elementJsons(view) }), html: () => elementPages(view) };
  };
  const table = negotiated((snapshot) => ({ json: () => ({ data: tableJson(snapshot), count: snapshot.elements.length }), html: () => tablePages(snapshot) }));
  const element = negotiated((snapshot, req) =>
    elementAnswer(snapshot, pathParam(req, 'codename', /^[A-Za-z]+$/, 40, 'an element name such as Neon')),
  );
  // The pages show elements with the releases named after them.
  const slices: SnapshotRead['slices'] = (snapshot) => [snapshot.elements, snapshot.codenameOf, snapshot.stable, snapshot.preview];
  const route = (path: string, description: string, answer: SnapshotRead['answer'], negotiates = true): RouteDef => ({
    method: 'GET',
    path,
    category: 'software codenames',
    description,
    handlers: [],
    read: { slices, answer, negotiates },
    unknownQuery: 'ignore',
    ...(path.includes(':') && { errors: ['CODENAME_NOT_FOUND'] }),
    ...(path.includes(':') && { params: { codename: CodenameParam } }),
    media: path.endsWith('.css') ? ['text/css'] : ['text/html', 'application/json'],
    ...(!path.endsWith('.css') && { data: path.includes(':') ? ElementDetail : ElementTable }),
  });
  return [
    route('/elements', 'The periodic table as a page, codenames in use marked (JSON when Accept prefers it)', table),
    route('/codename', 'Alias of /elements', table),
    route('/codename/:codename', "An element's page: facts, description and the releases named after it (case-insensitive; JSON when Accept prefers it)", element),
    route('/assets/pages.css', 'The stylesheet of the periodic-table pages', () => ({ kind: 'document', type: 'text/css; charset=utf-8', body: STYLESHEET }), false),
  ];
}
