export { claimValues, forgetExpiredKey, forgetExpiredKeys, IDEMPOTENCY_MIGRATIONS, isKeyTaken, keyInsertSql, migrateIdempotencyKeys, recallKey } from './pg-keys';
