import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { tokenLines, type Person } from '../../../apps/api/test/people';
import { useBrowser } from './chromium';
import { contentCopy, startService, type ContentCopy, type RunningService } from './service';


/** The service a console browser test drives, as `pnpm start` runs it, and the people's sign-in. */
export interface ConsoleService {
  /** The running service's address (it changes across a restart). */
  readonly url: string;
  /** Stops the service and starts it again on the same content and data. */
  restart(): Promise<void>;
  /** A page in a browser context of its own, signed in with `token` and on the console's home. */
  signedIn(token: string): Promise<Page>;
}

/**
 * For one test file: Chromium, a copy of the shipped content, a data folder and the service with
 * a tokens file holding `people` (hashed), started before the tests (then `seed` runs against
 * it) and stopped, its folders removed, after them.
 */
export function useConsoleService(name: string, people: readonly Person[], seed?: (url: string) => Promise<void>): ConsoleService {
  const chrome = useBrowser();
  let content: ContentCopy;
  let dataDir: string;
  let api: RunningService;
  const start = async () => {
    api = await startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: join(dataDir, 'data'), API_TOKENS_FILE: join(dataDir, 'tokens.txt'), SESSION_SECRET: 'the browser test session secret, long enough' });
  };
  beforeAll(async () => {
    content = await contentCopy();
    dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
    await writeFile(join(dataDir, 'tokens.txt'), tokenLines(people));
    await start();
    await seed?.(api.url);
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await content?.cleanup();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      return api.url;
    },
    async restart() {
      await api.stop();
      await start();
    },
    async signedIn(token: string) {
      const page = await (await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${api.url}/console/sign-in`);
      await page.fill('#token', token);
      await page.press('#token', 'Enter');
      await page.waitForURL(`${api.url}/console`);
      return page;
    },
  };
}
