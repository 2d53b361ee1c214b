/** How often the parent is looked at: a getppid(2) call, so cheap at any rate. */
const PARENT_CHECK_MS = 200;

/**
 * Calls `onGone` once when this process's parent exits (the kernel hands an orphan to init or a
 * subreaper, so its parent pid changes). `pnpm start` passes `--stop-with-parent`: a signal sent
 * to pnpm by a service manager or a container runtime ends pnpm and the shell it runs the script
 * in, and pnpm 12 relays nothing to the server; this way the server stops all the same.
 */
export function watchParent(onGone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, PARENT_CHECK_MS);
  timer.unref();
}
