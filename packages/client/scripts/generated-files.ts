import openapiTS, { astToString } from 'openapi-typescript';

/** The files generated from the service's OpenAPI document, by their path under src/generated/. */
export type GeneratedFiles = Record<'openapi.ts' | 'operations.ts', string>;

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; summary?: string; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

const HEADER = '// Generated from the service\'s /openapi.json by `pnpm --filter @companion/client generate`. Do not edit:\n// a test fails when this file and the live document disagree.\n';

/** The methods that get a function; HEAD and OPTIONS are answered by fetch and the browser themselves. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** What a success answer is read as: JSON where the operation offers it (pages answer it too), else text. */
function successMedia(responses: OpenApiDocument['paths'][string][string]['responses']): { accept: string; parse: 'json' | 'text' } {
  const ok = responses['200'] ?? responses['201'] ?? responses['202'];
  const types = Object.keys(ok?.content ?? {});
  const json = types.find((t) => t === 'application/json') ?? types.find((t) => t.endsWith('+json'));
  if (json) return { accept: json, parse: 'json' };
  return { accept: types[0] ?? '*/*', parse: 'text' };
}

/** The runtime table of operations: one entry per operation id, in the document's order. */
function operationsTable(document: OpenApiDocument): string {
  const lines: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const { accept, parse } = successMedia(operation.responses);
      if (operation.summary) lines.push(`  /** ${operation.summary.replace(/\*\//g, '*\\/')} */`);
      // The media type a body is sent as (a PATCH's is application/merge-patch+json); null: no body.
      const body = Object.keys(operation.requestBody?.content ?? {})[0] ?? null;
      // A write that takes an Idempotency-Key: sent with one, and retried with it.
      const keyed = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      lines.push(`  ${operation.operationId}: { method: ${JSON.stringify(method.toUpperCase())}, path: ${JSON.stringify(path)}, accept: ${JSON.stringify(accept)}, parse: ${JSON.stringify(parse)}, body: ${JSON.stringify(body)}, keyed: ${keyed} },`);
    }
  }
  return `${HEADER}\n/** Every operation of the API: its method, path template, the media type its answer is read as, the one its body is sent as, and whether it takes an Idempotency-Key. */\nexport const OPERATIONS = {\n${lines.join('\n')}\n} as const;\n`;
}

/** Both generated files for `document` (the parsed /openapi.json). */
export async function generatedFiles(document: object): Promise<GeneratedFiles> {
  // Request bodies are named models too (`NewFeedback`): a field with a default stays optional
  // there. Answers lose nothing: their schemas list defaulted fields as required themselves.
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0], { defaultNonNullable: false }));
  return { 'openapi.ts': `${HEADER}\n${types}`, 'operations.ts': operationsTable(document as OpenApiDocument) };
}
