import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ContentStore } from '../src/index';

export const SHIPPED_CONTENT = resolve(import.meta.dirname, '../../../content');

/** A shipped catalogue entry's translation (`errors/<Flag>.<lang>.yaml`). */
const isErrorTranslation = (name: string) => /^[^.]+\.[a-z]{2}(-[A-Z]{2})?\.yaml$/.test(name);

/**
 * A copy of the shipped content in a temp folder, to break one file at a time. `errorTranslations:
 * false` leaves the catalogue's translations out, for tests of reloading that rewrite entries with
 * other steps (their translations would then rightly be reported as no longer matching).
 */
export async function copyOfShippedContent(options: { errorTranslations?: boolean } = {}): Promise<{ dir: string; write(file: string, data: string | Uint8Array): Promise<void>; remove(file: string): Promise<void>; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'content-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  if (options.errorTranslations === false) {
    for (const name of await readdir(join(dir, 'errors'))) if (isErrorTranslation(name)) await rm(join(dir, 'errors', name));
  }
  return {
    dir,
    async write(file, data) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), data);
    },
    remove: (file) => rm(join(dir, file)),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A content store opened over a fresh copy of the shipped content before each test of the file,
 * and closed and removed after it; read `live.tree` and `live.store` inside the tests.
 */
export function storeOverShippedContent(options: { errorTranslations?: boolean } = {}): { tree: Awaited<ReturnType<typeof copyOfShippedContent>>; store: ContentStore } {
  const live = {} as { tree: Awaited<ReturnType<typeof copyOfShippedContent>>; store: ContentStore };
  beforeEach(async () => {
    live.tree = await copyOfShippedContent(options);
    live.store = await ContentStore.open(live.tree.dir);
  });
  afterEach(async () => {
    await live.store.close();
    await live.tree.cleanup();
  });
  return live;
}
