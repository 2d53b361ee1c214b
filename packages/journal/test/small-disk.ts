import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why a real full disk cannot be had here, or null when it can (root mounts a small tmpfs). */
export const noSmallDisk: string | null = process.getuid?.() !== 0 ? 'not running as root: cannot mount a small tmpfs' : null;

/** A freshly mounted tmpfs of `kib` KiB; `fill()` takes every free byte, `free()` gives them back. */
export async function smallDisk(kib: number) {
  const dir = await mkdtemp(join(tmpdir(), 'small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir]);
  const filler = join(dir, '.filler');
  return {
    dir,
    async fill() {
      // tmpfs refuses the write that would pass its size: write until it does.
      await writeFile(filler, Buffer.alloc(kib * 1024)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOSPC') throw error;
      });
    },
    free: () => rm(filler, { force: true }),
    async remove() {
      execFileSync('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
