export { createClient, type CallOptions, type ClientOptions, type CompanionClient, type OperationFunction, type OperationFunctions } from './client.js';
export type { components, operations, paths } from './generated/openapi.js';
export { OPERATIONS } from './generated/operations.js';
export type { InstallCredential } from './install-credential.js';
export type { ErrorCode, OperationAnswer, OperationArgs, OperationErrorCode, OperationId } from './operation-types.js';
export type { ApiFailure, ClientFailure, ErrorDetail, NetworkFailure, Result, UnexpectedAnswer } from './result.js';
export type { Channel, NoticesQuery, Platform, UpdateCheckQuery } from './start-up-questions.js';
export { localStorageCache, type CacheStorage, type WebStorage } from './storage.js';
export type { RetryOptions } from './retry.js';
