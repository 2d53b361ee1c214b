import { fileURLToPath } from 'node:url';
import type { ContentStore } from '@companion/content';
import type { Clock } from '@companion/schema';
import express, { type Express } from 'express';
import { readDrafts } from './drafts';
import type { LiveUpdates } from './live-updates';
import { previewBody, previewPage } from './render/page';

export interface PreviewDeps {
  content: Pick<ContentStore, 'current'>;
  clock: Clock;
  updates: LiveUpdates;
  /** Shown in the page header so the writer knows which folder is previewed. */
  contentDir: string;
}

const ASSETS = fileURLToPath(new URL('../assets', import.meta.url));

// Markdown is sanitized already; the policy is the second line of defence, and it is why the
// live-update script is a file rather than inline.
const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The writers' preview: the page, its body for live updates, the event stream and the assets. */
export function createPreviewApp({ content, clock, updates, contentDir }: PreviewDeps): Express {
  const app = express();
  app.set('x-powered-by', false);
  app.use((_req, res, next) => {
    res.set(SECURITY_HEADERS);
    next();
  });
  const nowMs = () => clock.nowMicros() / 1000;
  app.get('/', async (_req, res) => {
    const snapshot = content.current();
    const drafts = await readDrafts(contentDir, snapshot);
    res.set('Cache-Control', 'no-store').type('html').send(previewPage(snapshot, nowMs(), contentDir, drafts));
  });
  app.get('/body', async (_req, res) => {
    const snapshot = content.current();
    const drafts = await readDrafts(contentDir, snapshot);
    res.set({ 'Cache-Control': 'no-store', 'X-Loaded-At': String(snapshot.loadedAt) }).type('html').send(previewBody(snapshot, nowMs(), drafts));
  });
  app.get('/events', updates.handler);
  app.use('/assets', express.static(ASSETS, { index: false }));
  app.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  return app;
}
