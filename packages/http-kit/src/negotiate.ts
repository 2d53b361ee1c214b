import type { ContentSnapshot } from '@companion/content';
import { dataAnswer, type ReadAnswer, type ReadRequest } from './read';

const HTML_TYPE = 'text/html; charset=utf-8';

/** What a page request resolves to, in both of its forms; each is built only when asked for. */
export interface Answer {
  json(): { data: string; count?: number };
  html(): string;
}

/**
 * HTML unless the request prefers JSON (then the envelope); the route's read says it negotiates,
 * so both forms vary with Accept. Errors are answered by the error handler, as a page or as JSON
 * by the same rule.
 */
export function negotiated(resolve: (snapshot: ContentSnapshot, request: ReadRequest) => Answer): (snapshot: ContentSnapshot, request: ReadRequest) => ReadAnswer {
  return (snapshot, request) => {
    const answer = resolve(snapshot, request);
    if (request.prefers === 'json') {
      const { data, count } = answer.json();
      return dataAnswer(data, count);
    }
    return { kind: 'document', type: HTML_TYPE, body: answer.html() };
  };
}
