import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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

/**
 * The fonts a page is laid out with, named so a layout test means the same on every machine: the
 * browser sees exactly these files (Debian's packages, which `pnpm test` installs), whatever else
 * the machine has. `dejavu` is what a fresh Debian machine has (fonts-dejavu-core: wide faces, no
 * narrow or condensed one); `liberation` is what a machine with Chromium's recommended fonts has
 * (fonts-liberation, with Liberation Sans Narrow).
 */
export const FONT_SETS = {
  dejavu: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf'].map((f) => `/usr/share/fonts/truetype/dejavu/${f}`),
  liberation: ['Sans', 'SansNarrow', 'Mono', 'Serif']
    .flatMap((face) => ['Regular', 'Bold', 'Italic', 'BoldItalic'].map((style) => `/usr/share/fonts/truetype/liberation/Liberation${face}-${style}.ttf`)),
} as const;
export type FontSet = keyof typeof FONT_SETS;

const fontConfigs = new Map<FontSet, Promise<string>>();

/** A fontconfig file that offers the browser the set's files and no other font (one per set and process). */
function fontConfig(set: FontSet): Promise<string> {
  if (!fontConfigs.has(set)) fontConfigs.set(set, writeFontConfig(set));
  return fontConfigs.get(set)!;
}

async function writeFontConfig(set: FontSet): Promise<string> {
  const missing = FONT_SETS[set].filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`the browser tests lay pages out with the ${set} fonts, and ${missing.join(', ')} is missing: run \`node scripts/test-tools.mjs\` as root, or install Debian's fonts-dejavu-core and fonts-liberation`);
  const dir = await mkdtemp(join(tmpdir(), `fonts-${set}-`));
  await mkdir(join(dir, 'fonts'));
  await Promise.all(FONT_SETS[set].map((file) => symlink(file, join(dir, 'fonts', basename(file)))));
  const config = join(dir, 'fonts.conf');
  await writeFile(config, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${join(dir, 'fonts')}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
</fontconfig>
`);
  return config;
}

/** Headless Chromium with the flags a container needs, laying pages out with a named font set. */
export async function launchChromium(fonts: FontSet = 'dejavu'): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(HOW_TO_INSTALL);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    env: { ...process.env, FONTCONFIG_FILE: await fontConfig(fonts) },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Headless Chromium for one test file: launched before its tests (ARTIFACTS made), closed after. */
export function useBrowser(fonts: FontSet = 'dejavu'): { browser: Browser } {
  const handle = {} as { browser: Browser };
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    handle.browser = await launchChromium(fonts);
  });
  afterAll(async () => {
    await handle.browser?.close();
  });
  return handle;
}
