import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** How often the revision is read again: a pull that touches no content file raises no reload. */
const REFRESH_MS = 2000;

/** What the content folder is a checkout of: its commit and the files that differ from it. */
export interface RevisionReport {
  /** The checkout's commit (HEAD); null when the content folder is not in a git repository. */
  revision: string | null;
  /** Paths under the content folder that differ from that commit (hand edits), the first 20; null without git. */
  modified: string[] | null;
  modified_total: number | null;
  /** Why the revision cannot be read although the folder is in a git checkout (git missing, refusing it); null otherwise. */
  revision_problem: string | null;
}

/** A content folder outside git: nothing to report. */
export const NOT_GIT: RevisionReport = { revision: null, modified: null, modified_total: null, revision_problem: null };

/** The checkout the folder is in (the nearest folder up with a `.git`), or null: outside git. */
async function checkoutOf(dir: string): Promise<string | null> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (await stat(join(at, '.git')).then(() => true, () => false)) return at;
    if (dirname(at) === at) return null;
  }
}

/**
 * Reads the content folder's git revision and local changes (one `git rev-parse` and one
 * `git status` each time, never on a request's path): at start, after each reload, and every
 * two seconds. Replicas on the same revision with no local change serve the same files.
 *
 * A revision is reported only once it is served: a new HEAD is seen by the two-second read or
 * after the first reload of a pull, while the watcher may still hold events of that pull's other
 * files. So before a new revision is reported, `settle` (the content store's reconciliation, a
 * stat of every file) runs after it was read: git moves HEAD after it has written the files, so
 * the snapshot it leaves holds at least that revision's files. A deploy that waits for
 * `/health` to name its commit then never reads the content before it.
 *
 * The reads write nothing in the checkout (`--no-optional-locks`): a `git pull` run beside them
 * never finds the index locked.
 *
 * The checkout is the one the operator named (CONTENT_DIR), so git is told to trust it
 * (`safe.directory`): deploy/README.md has the service's user read a checkout root owns, which
 * git otherwise refuses as "dubious ownership". A checkout git still cannot read is a problem
 * `onProblem` hears of once each time it starts (and null once it is gone).
 */
export class ContentRevision {
  private report: RevisionReport = NOT_GIT;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private settle: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly dir: string,
    private readonly onProblem: (problem: string | null) => void = () => undefined,
  ) {}

  /** From now on, a new revision is reported only after `settle` has run (see above). */
  settleWith(settle: () => Promise<unknown>): void {
    this.settle = settle;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  current(): RevisionReport {
    return this.report;
  }

  /** Reads again (coalesced: a call during a read runs once more after it). */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.read()
      .then(async (report) => {
        if (report.revision_problem !== this.report.revision_problem) this.onProblem(report.revision_problem);
        if (this.settle && report.revision !== this.report.revision) {
          // Not read through: the revision is not reported yet, and the next read tries again.
          if (!(await this.settle().then(() => true, () => false))) return;
        }
        this.report = report;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.refresh();
        }
      });
    return this.running;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async read(): Promise<RevisionReport> {
    const checkout = await checkoutOf(this.dir);
    if (checkout === null) return NOT_GIT;
    // Without optional locks: `git status` otherwise takes the index's lock to refresh it, and an
    // operator's `git pull` in that moment fails ("Unable to create '.git/index.lock'").
    const git = (...args: string[]) => run('git', ['--no-optional-locks', '-c', `safe.directory=${checkout}`, '-C', this.dir, ...args], { timeout: 5000, maxBuffer: 64 * 1024 * 1024 });
    try {
      const head = await git('rev-parse', 'HEAD');
      const status = await git('status', '--porcelain=v1', '-z', '--', '.');
      const paths = status.stdout.split('\0').filter((line) => line.length > 3).map((line) => line.slice(3));
      return { revision: head.stdout.trim(), modified: paths.slice(0, 20), modified_total: paths.length, revision_problem: null };
    } catch (error) {
      const { stderr, message, code } = error as { stderr?: string; message: string; code?: string | number };
      const why = code === 'ENOENT' ? 'git is not installed' : (stderr?.trim().split('\n')[0] ?? message);
      const problem = `cannot read the git revision of ${checkout} (${why}): content.revision and content.modified are null, so a content deploy cannot be checked and hand edits go unreported`;
      return { ...NOT_GIT, revision_problem: problem };
    }
  }
}
