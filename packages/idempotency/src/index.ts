export { claimId, KEY_RETENTION_MS, KeyTakenError, type IdempotencyClaim, type Recalled } from './claim';
export { RecentKeys } from './recent-keys';
