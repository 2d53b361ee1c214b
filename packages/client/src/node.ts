/// <reference types="node" />
// Node's part of the client (Electron's main process, a CLI): a file storage for the revalidation
// cache and the install credential, the credential handed to electron-updater, and the download
// of an update. Kept out of the main entry so renderers never import node:fs.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CacheStorage } from './storage.js';

const nameOf = (key: string) => `${createHash('sha256').update(key).digest('hex')}.json`;

/** Writes a file whole or not at all: a temp file beside it, then a rename. */
async function replaceFile(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A CacheStorage in a folder (created when missing): one small JSON file per answer, each replaced whole. */
export function fileCache(dir: string): CacheStorage {
  return {
    async get(key) {
      try {
        return await readFile(join(dir, nameOf(key)), 'utf8');
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await mkdir(dir, { recursive: true });
      await replaceFile(join(dir, nameOf(key)), value);
    },
    async delete(key) {
      await rm(join(dir, nameOf(key)), { force: true });
    },
  };
}

/**
 * Hands the install's credential to electron-updater: writes it to `.updaterId` in the app's
 * userData folder (`app.getPath('userData')`), which electron-updater's
 * `AppUpdater.getOrCreateStagingUserId` reads and sends as `x-user-staging-id`. It takes the file
 * only when its whole content is a UUID (a trailing newline makes it write a random one of its own
 * over it), and reads it once per updater: call this before the first `checkForUpdates`.
 * Writes only when the file holds something else, whole or not at all; true when it wrote.
 */
export async function writeUpdaterId(userData: string, installId: string): Promise<boolean> {
  const file = join(userData, '.updaterId');
  if ((await readFile(file, 'utf8').catch(() => undefined)) === installId) return false;
  await mkdir(userData, { recursive: true });
  await replaceFile(file, installId);
  return true;
}

/** What the update check's `download` (or a release file's artifact) says about a build. */
export interface DownloadTarget {
  url: string;
  size: number;
  /** SHA-512 of the file, hex. */
  sha512: string;
  /** Ed25519 over the file, base64. */
  signature?: string;
}

export interface DownloadOptions {
  /** Where the verified file goes; nothing is there unless every check passed. */
  to: string;
  /** The Ed25519 public key (32 bytes, base64: `pnpm release:artifacts --public-key`). With it a build without a valid signature is refused. */
  publicKey?: string;
  /** Told as bytes arrive: received so far and the expected total. */
  onProgress?(received: number, total: number): void;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

export type DownloadFailure = { kind: 'network'; message: string; cause?: unknown } | { kind: 'verification'; message: string };
export type DownloadResult = { ok: true; path: string; size: number } | { ok: false; error: DownloadFailure };

// RFC 8410: the SubjectPublicKeyInfo of an Ed25519 key is this prefix and the 32 raw bytes.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

class Mismatch extends Error {}

/**
 * Streams a build to a temp file beside `to`, reporting progress, and keeps it only when its size,
 * SHA-512 and (given a public key) Ed25519 signature are what the service said: a mismatch
 * deletes the temp file and answers `verification`, so nothing unverified is ever at `to`.
 */
export async function download(target: DownloadTarget, options: DownloadOptions): Promise<DownloadResult> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  if (options.publicKey !== undefined && target.signature === undefined) return { ok: false, error: { kind: 'verification', message: 'the build carries no signature and a public key was given' } };
  await mkdir(dirname(options.to), { recursive: true });
  const temp = join(dirname(options.to), `.${basename(options.to)}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`);
  try {
    let response: Response;
    try {
      response = await fetchFn(target.url, { ...(options.signal && { signal: options.signal }) });
    } catch (cause) {
      return { ok: false, error: { kind: 'network', message: cause instanceof Error ? cause.message : String(cause), cause } };
    }
    if (!response.ok || !response.body) return { ok: false, error: { kind: 'network', message: `${target.url} answered ${response.status}` } };
    const hash = createHash('sha512');
    let received = 0;
    const counted = async function* (source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        received += chunk.length;
        if (received > target.size) throw new Mismatch(`more than the ${target.size} bytes expected`);
        hash.update(chunk);
        options.onProgress?.(received, target.size);
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), counted, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      if (error instanceof Mismatch) return { ok: false, error: { kind: 'verification', message: error.message } };
      return { ok: false, error: { kind: 'network', message: error instanceof Error ? error.message : String(error), cause: error } };
    }
    if (received !== target.size) return { ok: false, error: { kind: 'verification', message: `${received} bytes received, ${target.size} expected` } };
    if (hash.digest('hex') !== target.sha512.toLowerCase()) return { ok: false, error: { kind: 'verification', message: 'the SHA-512 of the file is not the one the service gave' } };
    if (options.publicKey !== undefined) {
      const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(options.publicKey, 'base64')]), format: 'der', type: 'spki' });
      // Ed25519 signs the whole message: the file is read back once, after its hash matched.
      if (!verify(null, await readFile(temp), key, Buffer.from(target.signature!, 'base64'))) return { ok: false, error: { kind: 'verification', message: 'the Ed25519 signature does not match the file and the public key' } };
    }
    await rename(temp, options.to);
    return { ok: true, path: options.to, size: received };
  } finally {
    await rm(temp, { force: true });
  }
}
