import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Debian's minisign verifying a signature file against the public key file (both base64, as Tauri
 * takes them) over `data`, the three written into `dir`: its trusted comment, or the failure.
 */
export async function minisignVerify(dir: string, publicKeyFile: string, signatureFile: string, data: Uint8Array): Promise<{ ok: boolean; trusted?: string; output: string }> {
  const [file, sig, pub] = [join(dir, 'build'), join(dir, 'build.minisig'), join(dir, 'key.pub')];
  await writeFile(file, data);
  await writeFile(sig, Buffer.from(signatureFile, 'base64'));
  await writeFile(pub, Buffer.from(publicKeyFile, 'base64'));
  try {
    const { stdout } = await promisify(execFile)('minisign', ['-V', '-p', pub, '-m', file, '-x', sig]);
    return { ok: true, trusted: /^Trusted comment: (.*)$/m.exec(stdout)?.[1], output: stdout };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('minisign is not installed (Debian: apt-get install minisign; pnpm test installs it when run as root)');
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}
