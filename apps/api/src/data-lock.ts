import { readdir, rm, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { ConfigError } from '@companion/http-kit';

/**
 * The lock is a socket in Linux's abstract namespace, named after the data folder's device and
 * inode. The kernel removes the name the moment the holder's descriptors close, which happens
 * when it exits for any reason (kill -9 included) and before it lingers as a zombie, so a dead
 * holder can never block a start. A pid written in a file (the earlier lock) cannot promise
 * that: pid 0 and 1, a reused pid or a zombie all looked alive. Binding is atomic, so two
 * services starting at once cannot both win. An abstract name needs no file (nothing is left
 * behind, no path-length limit) but is per network namespace: two containers with their own
 * network namespaces sharing one volume are not kept apart by it.
 */
const lockName = (dev: bigint, ino: bigint) => `\0tunnel-companion/data-dir/${dev}/${ino}`;

/** Files the pid-file lock of earlier versions may have left; they mean nothing now. */
const LEGACY_LOCK = /^service\.lock(\.(new|stale)-.*)?$/;

const listen = (server: Server, name: string) =>
  new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(name, () => {
      server.off('error', fail);
      done();
    });
  });

/** Asks the holder of `name` for its pid: a live holder answers at once; null when none did. */
function askHolder(name: string): Promise<number | null> {
  return new Promise((done) => {
    const socket = createConnection(name);
    let text = '';
    const finish = () => {
      socket.destroy();
      const pid = Number(text.trim());
      done(Number.isSafeInteger(pid) && pid > 0 ? pid : null);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', finish);
    socket.once('error', finish);
    socket.setTimeout(1000, finish);
  });
}

/**
 * Makes this process the only writer of `dataDir` (two services appending to one op log would
 * interleave its sequence numbers) until the returned release is called or the process dies.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const { dev, ino } = await stat(dataDir, { bigint: true });
  const name = lockName(dev, ino);
  const server = createServer((socket) => socket.end(`${process.pid}\n`));
  for (let attempt = 1; ; attempt++) {
    try {
      await listen(server, name);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await askHolder(name);
      if (holder === process.pid) throw new ConfigError(`DATA_DIR ${dataDir} is already in use by this process`);
      // No answer: the holder is between its death and the kernel closing its socket; retry briefly.
      if (holder !== null || attempt >= 10) {
        throw new ConfigError(`DATA_DIR ${dataDir} is in use by another running service${holder ? ` (pid ${holder})` : ''}; stop it or choose another DATA_DIR`);
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  server.unref(); // the lock must not keep the process alive on its own
  await removeLegacyLockFiles(dataDir);
  return () => new Promise<void>((done) => server.close(() => done()));
}

async function removeLegacyLockFiles(dataDir: string): Promise<void> {
  const names = (await readdir(dataDir)).filter((name) => LEGACY_LOCK.test(name));
  await Promise.all(names.map((name) => rm(join(dataDir, name), { force: true })));
}
