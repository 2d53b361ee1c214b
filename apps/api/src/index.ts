export { createApp } from './app';
export type { AppDeps, ContentSource } from './deps';
export { Authenticator, hashToken, SCOPES, type Scope } from './auth/tokens';
export { configFromEnv, type ServiceConfig } from './config';
export { ERROR_CODES, type ErrorCode } from './http/errors';
export { SERVICE_VERSION } from './version';
export { rateLimitsFromEnv, DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit';
export { noticeJson } from './routes/notices';
