// The PostgreSQL counters, apart from the index so the flat-file default never loads the pg client.
export { openPgRateLimitCounters, PgRateLimitStore, RATE_LIMIT_MIGRATIONS, type PgRateLimitCounters } from './pg-rate-limit-store';
