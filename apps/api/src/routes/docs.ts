import { readFileSync } from 'node:fs';
import { renderMarkdown } from '@companion/content';
import type { AppDeps } from '../deps';
import { openApiDocument } from '../docs/openapi';
import { negotiated } from '../http/negotiate';
import type { RouteDef } from './table';

const API_MD = new URL('../../../../docs/API.md', import.meta.url);

/** `/openapi.json` (generated from the route table) and `/docs` (docs/API.md as a page). */
export function docsRoutes(deps: AppDeps, table: () => readonly RouteDef[]): RouteDef[] {
  let openapi: string | undefined;
  let page: string | undefined;
  let source: string | undefined;
  const markdown = () => (source ??= readFileSync(API_MD, 'utf8'));
  return [
    {
      method: 'GET',
      path: '/openapi.json',
      category: 'system monitoring',
      description: 'The OpenAPI 3.1 description of this API',
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
      unknownQuery: 'ignore',
      handlers: [],
      read: {
        slices: () => [],
        negotiates: true,
        answer: negotiated(() => ({
          json: () => ({ data: JSON.stringify({ title: 'Tunnel Companion Service API', markdown: markdown(), openapi: '/openapi.json' }) }),
          html: () =>
            (page ??= `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API - Tunnel Companion Service</title><style>body{font:16px/1.55 system-ui,sans-serif;margin:0;color:#1d2330}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #d5d9e2;padding:.3rem .6rem;text-align:left;vertical-align:top}code{background:#f1f3f7;padding:0 .25rem;border-radius:3px}pre{background:#f1f3f7;padding:.8rem;overflow:auto}</style></head><body><main>${renderMarkdown(markdown())}</main></body></html>`),
        })),
      },
    },
  ];
}
