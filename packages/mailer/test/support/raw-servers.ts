import net from 'node:net';

export interface RawServer {
  port: number;
  close(): Promise<void>;
}

/** Accepts connections and never sends a byte: a hung SMTP server. */
export function startSilentServer(): Promise<RawServer> {
  return startRawServer(() => {});
}

/** Accepts connections and closes them at once, before any greeting. */
export function startClosingServer(): Promise<RawServer> {
  return startRawServer((socket) => socket.destroy());
}

async function startRawServer(onConnection: (socket: net.Socket) => void): Promise<RawServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = await startRawServer(() => {});
  await server.close();
  return server.port;
}
