import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (for programs that need one named up front). */
export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
