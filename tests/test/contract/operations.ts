import type { ContractRequest } from './requests';

export const METHODS = ['get', 'head', 'options', 'post', 'put', 'delete'] as const;

/** The document's path template a request path falls under; a literal segment beats a parameter, as in the service. */
export function templateOf(paths: readonly string[], requestPath: string): string | undefined {
  const path = requestPath.split('?')[0]!;
  const matching = paths.filter((template) => new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
  const params = (template: string) => (template.match(/\{/g) ?? []).length;
  return matching.sort((a, b) => params(a) - params(b))[0];
}

/** `get /api/notice/{id}` for each operation of the document a request lands on. */
export const operationKey = (paths: readonly string[], row: ContractRequest): string => `${row.method.toLowerCase()} ${templateOf(paths, row.path) ?? '(no path)'}`;
