export { ErrorSearch, type SearchHit, type SearchQuery, type SearchSource, type SearchStats } from './error-search';
export { MAX_QUERY_TERMS, MATCH_WEIGHTS } from './query-plan';
export { FIELD_BOOSTS } from './text-index';
