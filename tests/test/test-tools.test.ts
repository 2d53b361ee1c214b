import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aptGetArgs, LOCK_TIMEOUT_S } from '../../scripts/apt-get.mjs';
import { ROOT } from './support/service';

// scripts/test-tools.mjs installs what the suites drive with apt-get. On a fresh machine another
// apt-get (unattended upgrades, say) often holds dpkg's lock: the installer waits for it rather
// than give up. Here a real holder takes the lock as apt and dpkg do (an fcntl write lock on
// /var/lib/dpkg/lock-frontend), and the installer's apt-get, run for a package already installed
// (so nothing is downloaded or changed), waits, then succeeds once the lock is let go.

const LOCK = '/var/lib/dpkg/lock-frontend';
const HOLD = 'import fcntl, sys\nf = open(sys.argv[1], "w")\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint("held", flush=True)\nsys.stdin.read()\n';
const skip =
  process.getuid?.() !== 0 ? 'not root'
  : !existsSync('/usr/bin/apt-get') || !existsSync(LOCK) ? 'no apt-get and dpkg here'
  : !existsSync('/usr/bin/python3') ? 'no /usr/bin/python3 to hold the lock with'
  : !existsSync('/usr/bin/jq') ? 'jq (the installed package the test asks for) is not installed'
  : null;
if (skip) console.log(`skipped: ${skip}`);

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | string>;
  /** Resolves once the output holds `text`, or rejects when the process ends without it. */
  printed(text: string): Promise<void>;
}

function run(command: string, args: string[]): Run {
  const child = spawn(command, args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  const waiting = new Set<() => void>();
  const exited = new Promise<number | string>((done) => child.once('close', (code, signal) => done(code ?? signal ?? 'unknown')));
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      for (const check of waiting) check();
    });
  }
  return {
    child,
    output: () => text,
    exited,
    printed: (wanted) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!text.includes(wanted)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
        void exited.then((code) => {
          if (waiting.delete(check)) reject(new Error(`${command} exited (${code}) without printing ${JSON.stringify(wanted)}:\n${text}`));
        });
      }),
  };
}

/** The installer's apt-get, for a package it finds installed (`--no-upgrade`: a newer candidate is not fetched). */
const INSTALL_INSTALLED = ['install', '-y', '--no-install-recommends', '--no-upgrade', 'jq'];

test('scripts/test-tools.mjs runs every apt-get (update and install) through aptGetArgs', () => {
  const source = readFileSync(join(ROOT, 'scripts/test-tools.mjs'), 'utf8');
  const calls = [...source.matchAll(/execFileSync\('apt-get', ([^)]*)/g)].map((m) => m[1]);
  expect(calls.length).toBe(2);
  expect(calls.filter((args) => !args!.startsWith('aptGetArgs(['))).toEqual([]);
  expect(aptGetArgs(['update'])).toEqual(['-o', `DPkg::Lock::Timeout=${LOCK_TIMEOUT_S}`, 'update']);
});

(skip ? describe.skip : describe)("the test tools' apt-get", () => {
  let holder: Run;
  beforeEach(async () => {
    holder = run('/usr/bin/python3', ['-c', HOLD, LOCK]);
    await holder.printed('held');
  });
  afterEach(async () => {
    holder.child.stdin!.end();
    await holder.exited;
  });

  it("waits for dpkg's lock while another process holds it, then installs", async () => {
    // The holder is real: apt-get told nothing gives up at once.
    const impatient = run('apt-get', INSTALL_INSTALLED);
    expect(await impatient.exited).toBe(100);
    expect(impatient.output()).toContain('Could not get lock /var/lib/dpkg/lock-frontend');

    const installer = run('apt-get', aptGetArgs(INSTALL_INSTALLED));
    await installer.printed('Waiting for cache lock');
    expect(installer.child.exitCode).toBeNull();
    holder.child.stdin!.end();
    expect(await installer.exited).toBe(0);
    expect(installer.output()).toContain('jq');
  });
});
