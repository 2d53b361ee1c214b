export { ErrorSearch, type EntryTranslation, type SearchHit, type SearchQuery, type SearchSource, type SearchStats } from './error-search';
export { sayingIsStopWord } from './concepts';
