import { mkdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { entryFileText, openCatalogStore, type CatalogStore } from '@companion/catalog-store';
import { ContentStore } from '@companion/content';
import { openFeedbackStore, type FeedbackStore } from '@companion/feedback-store';
import { createMailer, mailerConfigFromEnv, type Mailer } from '@companion/mailer';
import type { Clock } from '@companion/schema';
import { lockDataDir } from './data-lock';

export interface Services {
  content: ContentStore;
  catalog: CatalogStore;
  feedback: FeedbackStore;
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * Opens the stateful parts over a content folder and a data folder. The catalogue writes its
 * entry files into the content folder and tells the content store, so reads see each change
 * before it is acknowledged and the watcher does not take it for a foreign edit.
 */
export async function openServices(options: { contentDir: string; dataDir: string; env: Record<string, string | undefined>; clock: Clock }): Promise<Services> {
  const { contentDir, dataDir, env, clock } = options;
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  const errorsDir = join(contentDir, 'errors');
  await mkdir(errorsDir, { recursive: true });
  const content = await ContentStore.open(contentDir, clock);
  const catalog = await openCatalogStore({
    errorsDir,
    dataDir,
    clock,
    entries: () => content.current().errors,
    onApplied: ({ file, entry }) => {
      const path = relative(contentDir, file).split(sep).join('/');
      content.applyOwnWrite(path, entry ? Buffer.from(entryFileText(entry)) : null);
    },
  });
  const feedback = await openFeedbackStore({ dataDir, clock });
  const mailer = createMailer(mailerConfigFromEnv({ ...env, DATA_DIR: dataDir }), { clock });
  return {
    content,
    catalog,
    feedback,
    mailer,
    async close() {
      await content.close();
      await Promise.all([catalog.close(), feedback.close(), mailer.close()]);
      await unlock();
    },
  };
}
