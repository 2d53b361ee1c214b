// What other workspace packages use of the API: the app factory, its wiring and the notice shape.
export { createApp } from './app';
export type { AppDeps, ContentSource } from './deps';
export { openServices, type Services } from './services';
export { noticeJson } from './routes/notices';
