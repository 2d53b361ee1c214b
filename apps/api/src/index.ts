// What other workspace packages use of the API: the app factory and its wiring.
export { createApp } from './app';
export type { AppDeps, ContentSource } from './deps';
export { openServices, type Services } from './services';
export { DEFAULT_SHUTDOWN_GRACE_MS } from './config';
