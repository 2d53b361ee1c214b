import { mkdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { entryFileText, openCatalogStore, type CatalogStore } from '@companion/catalog-store';
import { ContentStore } from '@companion/content';
import { openFeedbackStore, type FeedbackStore } from '@companion/feedback-store';
import { createMailer, mailerConfigFromEnv, type Mailer, type MailerConfig } from '@companion/mailer';
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
  const mailConfig = mailerConfigFromEnv({ ...env, DATA_DIR: dataDir }); // a bad setting stops us before anything opens
  await mkdir(dataDir, { recursive: true });
  const opened: { close(): Promise<void> }[] = [];
  const unlock = await lockDataDir(dataDir);
  opened.push({ close: unlock });
  try {
    const parts = await openParts(contentDir, dataDir, clock, mailConfig, opened);
    return {
      ...parts,
      async close() {
        await parts.content.close();
        await Promise.all([parts.catalog.close(), parts.feedback.close(), parts.mailer.close()]);
        await unlock();
      },
    };
  } catch (error) {
    // Whatever did open is closed again, so a failed start leaves no lock or open log behind.
    for (const part of opened.reverse()) await part.close().catch(() => undefined);
    throw error;
  }
}

/** Opens each part in turn, recording it in `opened` so a failure further on can close it. */
async function openParts(contentDir: string, dataDir: string, clock: Clock, mailConfig: MailerConfig, opened: { close(): Promise<void> }[]): Promise<Omit<Services, 'close'>> {
  // Opening the content first refuses a CONTENT_DIR that does not exist instead of creating it.
  const content = await ContentStore.open(contentDir, clock);
  opened.push(content);
  const errorsDir = join(contentDir, 'errors');
  await mkdir(errorsDir, { recursive: true });
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
  opened.push(catalog);
  const feedback = await openFeedbackStore({ dataDir, clock });
  opened.push(feedback);
  return { content, catalog, feedback, mailer: createMailer(mailConfig, { clock }) };
}
