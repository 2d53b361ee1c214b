export { claimValues, forgetExpiredKeys, IDEMPOTENCY_MIGRATIONS, isKeyTaken, keyInsertSql, migrateIdempotencyKeys, recallKey } from './pg-keys';
