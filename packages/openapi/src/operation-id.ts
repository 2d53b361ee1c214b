const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/notice/:id` -> `getNoticeById`, `POST /api/tunnel/errors/addNew` ->
 * `postTunnelErrorsAddNew`, `GET /` -> `getRoot`, `GET /api` -> `getApi`: the leading `api`
 * segment is dropped where more follows, since nearly every path has it. An HTML page's id ends
 * in `Page` (`GET /changelog` -> `getChangelogPage`), so it never meets its API twin's.
 */
export function operationId(method: string, path: string, page = false): string {
  const segments = path.split('/').filter(Boolean);
  const named = segments.length > 1 && segments[0] === 'api' ? segments.slice(1) : segments;
  const words = named.flatMap((segment) =>
    segment.startsWith(':') ? [`By${capital(segment.slice(1))}`] : segment.split(/[_.-]/).filter(Boolean).map(capital),
  );
  return method.toLowerCase() + (words.length > 0 ? words.join('') : 'Root') + (page ? 'Page' : '');
}
