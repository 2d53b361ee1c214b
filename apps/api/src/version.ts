import { readFileSync } from 'node:fs';
import { ROOT_PACKAGE } from './package-files';

/** The service's own version: the root package.json's. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { version: string }
).version;
