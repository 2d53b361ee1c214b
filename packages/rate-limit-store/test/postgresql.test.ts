import { clusterBackend } from '@companion/database/testing';
import { openPgRateLimitCounters } from '../src/postgresql';
import { rateLimitContract } from './contract/rate-limit-contract';

rateLimitContract(clusterBackend('limits', (db) => openPgRateLimitCounters(db, { nowMicros: () => Date.now() * 1000 }), { timeoutMs: 1000 }));
