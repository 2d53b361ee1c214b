import { MEMORY_RATE_LIMIT_COUNTERS } from '../src';
import { rateLimitContract } from './contract/rate-limit-contract';

rateLimitContract({
  name: 'memory',
  unavailable: null,
  replicas: false,
  setUp: async () => undefined,
  tearDown: async () => undefined,
  fresh: async () => undefined,
  cleanUp: async () => undefined,
  open: async () => MEMORY_RATE_LIMIT_COUNTERS,
});
