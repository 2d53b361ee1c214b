import { readFileSync } from 'node:fs';
import { DocsJson, OpenApiDocument } from '@companion/schema';
import type { AppDeps } from '../deps';
import { docsPage, pageLinks } from '@companion/pages';
import { openApiDocument } from '@companion/openapi';
import { negotiated } from '@companion/http-kit';
import { API_DOCS } from '../package-files';
import type { RouteDef } from '@companion/route-table';

/** `/openapi.json` (generated from the route table) and `/docs` (docs/API.md as a page). */
export function docsRoutes(deps: AppDeps, table: () => readonly RouteDef[]): RouteDef[] {
  let openapi: string | undefined;
  let page: string | undefined;
  let source: string | undefined;
  const markdown = () => (source ??= readFileSync(API_DOCS, 'utf8'));
  return [
    {
      method: 'GET',
      path: '/openapi.json',
      category: 'system monitoring',
      description: 'The OpenAPI 3.1 description of this API',
      answer: OpenApiDocument,
      handlers: [],
      read: {
        slices: () => [],
        // The document itself, not an envelope, so OpenAPI tools can read it.
        answer: () => ({ kind: 'document', type: 'application/json; charset=utf-8', body: (openapi ??= JSON.stringify(openApiDocument(table(), deps.version))) }),
      },
    },
    {
      method: 'GET',
      path: '/docs',
      category: 'system monitoring',
      description: 'The API documentation as a page',
      media: ['text/html', 'application/json'],
      data: DocsJson,
      unknownQuery: 'ignore',
      handlers: [],
      read: {
        slices: () => [],
        negotiates: true,
        answer: negotiated(() => ({
          json: () => ({ data: JSON.stringify({ title: 'Tunnel Companion Service API', markdown: markdown(), openapi: '/openapi.json' }) }),
          html: () =>
            (page ??= pageLinks(deps.publicUrl)(docsPage(markdown()))),
        })),
      },
    },
  ];
}
