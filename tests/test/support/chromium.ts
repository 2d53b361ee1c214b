import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './service';

/** Where the browser tests leave their screenshots. */
export const ARTIFACTS = join(ROOT, 'tests/test-artifacts');

/** The browser the browser tests drive: Debian's chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HOW_TO_INSTALL = `the browser tests need Chromium at ${CHROMIUM_PATH}: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary`;

/**
 * Jest global setup: says once, before the suites run, what is missing. `pnpm test` provides
 * Chromium first (scripts/test-tools.mjs); the browser tests fail with the same words (they
 * never skip silently).
 */
export default function ensureChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) console.error(`\n${HOW_TO_INSTALL}\n`);
}

/** Headless Chromium with the flags a container needs. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(HOW_TO_INSTALL);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Headless Chromium for one test file: launched before its tests (ARTIFACTS made), closed after. */
export function useBrowser(): { browser: Browser } {
  const handle = {} as { browser: Browser };
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    handle.browser = await launchChromium();
  });
  afterAll(async () => {
    await handle.browser?.close();
  });
  return handle;
}
