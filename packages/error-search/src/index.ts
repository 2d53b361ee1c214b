export { ErrorSearch, type SearchHit, type SearchQuery, type SearchSource, type SearchStats } from './error-search';
