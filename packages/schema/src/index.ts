export * from './release';
export * from './notice';
export * from './element';
export * from './codename';
export * from './error-entry';
export * from './feedback';
export * from './email';
export * from './time';
