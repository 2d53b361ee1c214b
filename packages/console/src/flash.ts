import type { Request, Response } from 'express';
import type { Sessions } from '@companion/auth';
import { escapeHtml } from '@companion/html';

const FLASH = 'console-flash';
const FLASH_TTL_MS = 60_000;

/** Says `text` on the next console page this browser opens (after the redirect a saved form answers with). */
export async function flash(sessions: Sessions, req: Request, res: Response, text: string): Promise<void> {
  await sessions.set(req, res, FLASH, { text, exp: Date.now() + FLASH_TTL_MS }, FLASH_TTL_MS);
}

/** The message a redirect left, as a status paragraph (once: the cookie is cleared); '' without one. */
export async function takeFlash(sessions: Sessions, req: Request, res: Response): Promise<string> {
  const kept = await sessions.get<{ text: string; exp: number }>(req, FLASH);
  if (!kept) return '';
  sessions.clear(req, res, FLASH);
  return `<p class="flash" role="status">${escapeHtml(kept.text)}</p>`;
}
