export { MEMORY_RATE_LIMIT_COUNTERS, type RateLimitCounters } from './counters';
