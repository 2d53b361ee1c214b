import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentCopy, startService } from '../support/service';

/** Credentials of the contract runs: every scope, one scope, and one the service does not know. */
export const TOKENS = { all: 'contract-all', feedbackOnly: 'contract-feedback', unknown: 'contract-unknown' } as const;

/**
 * Limits low enough for the table to reach 429 on each kind of write, high enough for its
 * successes: the table counts on these numbers.
 */
export const LIMITS = { RATE_LIMIT_FEEDBACK: '10/1h', RATE_LIMIT_INSTALLS: '3/1h', RATE_LIMIT_EMAIL: '6/1h', RATE_LIMIT_CATALOG: '20/1h' };

/** The real API as `pnpm start` runs it, over a fresh content copy and data folder. */
export async function startContractService(): Promise<{ url: string; stop(): Promise<void> }> {
  const content = await contentCopy();
  const dataDir = await mkdtemp(join(tmpdir(), 'contract-data-'));
  const api = await startService('apps/api/src/main.ts', {
    PORT: '0',
    CONTENT_DIR: content.dir,
    DATA_DIR: dataDir,
    API_TOKENS: `${TOKENS.all}=*,${TOKENS.feedbackOnly}=feedback:read`,
    ...LIMITS,
  });
  return {
    url: api.url,
    async stop() {
      await api.stop();
      await content.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
