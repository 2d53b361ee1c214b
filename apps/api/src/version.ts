import { readFileSync } from 'node:fs';

/** The service's own version: the root package.json's. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
