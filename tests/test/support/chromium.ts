import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The browser the browser tests drive: Debian's chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HOW_TO_INSTALL = `the browser tests need Chromium at ${CHROMIUM_PATH}: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary`;

/**
 * Jest global setup: provides Chromium once per run, so `pnpm test` passes on a fresh machine.
 * As root on Debian it installs the distribution's package; otherwise it says what to install,
 * and the browser tests fail with the same words (they never skip silently).
 */
export default function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const root = process.getuid?.() === 0;
  if (!root || process.env.CHROMIUM_PATH || !existsSync('/usr/bin/apt-get')) {
    console.error(`\n${HOW_TO_INSTALL}\n`);
    return;
  }
  console.error(`\nChromium is missing: installing Debian's chromium package for the browser tests (apt-get) ...`);
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (error) {
    console.error(`installing chromium failed (${(error as Error).message}); ${HOW_TO_INSTALL}`);
  }
}

/** Headless Chromium with the flags a container needs. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(HOW_TO_INSTALL);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
