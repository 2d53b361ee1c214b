import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const AXE = await readFile(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** The serious and critical problems axe-core finds on the page as it is now, one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(() => (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }));
  return (result.violations as any[]).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
}
