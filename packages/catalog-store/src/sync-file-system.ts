import { execFile } from 'node:child_process';

/**
 * Flushes the whole file system holding `dir` (syncfs(2) through coreutils' `sync -f`): one
 * journal commit for every file a round wrote, where an fsync per file forces a commit each and
 * makes the op log's fdatasync wait behind them. Where `sync -f` cannot run, `fallback` (an
 * fsync per file) does the same job.
 */
export function syncFileSystem(dir: string, fallback: () => Promise<unknown>): Promise<unknown> {
  return new Promise((done, fail) => {
    execFile('sync', ['-f', dir], (error) => {
      if (!error) return done(undefined);
      // A missing or too old `sync` is not a disk failure; a failing syncfs is.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /invalid option|unrecognized option/.test(String(error.message))) fallback().then(done, fail);
      else fail(Object.assign(error, { code: 'EIO' }));
    });
  });
}
