export { ErrorSearch, type SearchQuery, type SearchSource, type SearchStats } from './error-search';
export { MAX_QUERY_WORDS, queryWords } from './text-index';
