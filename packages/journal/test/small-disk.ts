import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Shared by the journal's tests and the service's fault suite. Why real disk faults cannot be made here, or null when they can (root mounts a small tmpfs). */
export const noDiskFaults: string | null = process.getuid?.() !== 0 ? 'not running as root: cannot mount a small tmpfs' : null;

/** A real, small file system at `dir`: filled, freed, made read-only and writable again on demand. */
export async function mountSmallDisk(dir: string, kib: number) {
  await mkdir(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k,mode=0755`, 'tmpfs', dir]);
  const filler = join(dir, '.filler');
  return {
    dir,
    /** Takes every free byte: the next write that needs a new page meets ENOSPC. */
    async fill() {
      await writeFile(filler, Buffer.alloc(kib * 1024)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOSPC') throw error;
      });
    },
    free: () => rm(filler, { force: true }),
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
    writable: () => execFileSync('mount', ['-o', 'remount,rw', dir]),
    unmount: () => execFileSync('umount', ['-l', dir]),
  };
}
