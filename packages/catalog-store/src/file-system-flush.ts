import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

// One shell for the life of the store: per round, a folder in; `sync -f` (syncfs(2)) run by the
// shell; its exit status and message out, on one line. The fork per round happens in the shell,
// never on Node's main thread.
const SCRIPT = 'while IFS= read -r dir; do out=$(sync -f -- "$dir" 2>&1); code=$?; printf \'%s %s\\n\' "$code" "$(printf %s "$out" | tr \'\\n\' \' \')"; done';
/** The helper went away mid-round (it is started again for the next one). */
const LOST = -1;
const NOT_FOUND = 127;

type Outcome = (code: number, message: string) => void;

/**
 * Flushes the whole file system holding a folder (syncfs): one journal commit for every file a
 * round wrote, where an fsync per file forces a commit each, and each commit stalls the creates
 * and the op log's fdatasync on the answer's path. Where `sync -f` cannot run (no shell, a
 * coreutils without -f) `fallback` (an fsync per file) does the job, from then on.
 */
export class FileSystemFlush {
  private helper: ChildProcessWithoutNullStreams | null = null;
  private unsupported = false;
  private readonly waiting: Outcome[] = [];

  /** `shell` and `env` (the service's own by default) are for tests of a machine without `sync`. */
  constructor(
    private readonly shell = 'sh',
    private readonly env?: NodeJS.ProcessEnv,
  ) {}

  async flush(dir: string, fallback: () => Promise<unknown>): Promise<void> {
    if (this.unsupported) return void (await fallback());
    const { code, message } = await new Promise<{ code: number; message: string }>((resolve) => {
      const helper = this.start();
      if (!helper) return resolve({ code: NOT_FOUND, message: 'no shell' });
      this.waiting.push((code, message) => resolve({ code, message }));
      helper.stdin.write(`${dir}\n`);
    });
    if (code === 0) return;
    if (code === LOST) return void (await fallback());
    // A missing or too old `sync` is not a disk failure; a failing syncfs is.
    if (code === NOT_FOUND || /invalid option|unrecognized option/.test(message)) {
      this.unsupported = true;
      return void (await fallback());
    }
    throw Object.assign(new Error(`syncfs failed: ${message.trim() || `exit ${code}`}`), { code: 'EIO' });
  }

  close(): void {
    this.helper?.stdin.end();
    this.helper = null;
  }

  private start(): ChildProcessWithoutNullStreams | null {
    if (this.helper) return this.helper;
    let helper: ChildProcessWithoutNullStreams;
    try {
      helper = spawn(this.shell, ['-c', SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'], ...(this.env && { env: this.env }) });
    } catch {
      return null;
    }
    this.helper = helper;
    // Never what keeps the service running; its stdin closing (the service gone) ends it.
    helper.unref();
    for (const stream of [helper.stdin, helper.stdout, helper.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
    let output = '';
    helper.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      for (let end = output.indexOf('\n'); end !== -1; end = output.indexOf('\n')) {
        const line = output.slice(0, end);
        output = output.slice(end + 1);
        const space = line.indexOf(' ');
        this.waiting.shift()?.(Number(line.slice(0, space)), line.slice(space + 1));
      }
    });
    helper.stderr.resume();
    const lost = (error: Error) => {
      if (this.helper === helper) this.helper = null;
      const notFound = (error as NodeJS.ErrnoException).code === 'ENOENT';
      for (const outcome of this.waiting.splice(0)) outcome(notFound ? NOT_FOUND : LOST, error.message);
    };
    helper.on('error', lost);
    helper.on('exit', (code) => lost(new Error(`the flush helper exited (${code})`)));
    helper.stdin.on('error', () => undefined); // a helper gone mid-write is reported by 'exit'
    return helper;
  }
}
