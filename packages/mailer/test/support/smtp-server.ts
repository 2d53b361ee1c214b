import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string | false;
  rcptTo: string[];
  raw: Buffer;
}

export interface RunningSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** How many client connections are open right now. */
  openConnections(): number;
  /** Cuts every client connection without a reply, as a crashing server would. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. Plain text only
 * (no STARTTLS: its built-in certificate is self-signed) and, unless `options` say
 * otherwise, no authentication.
 */
export async function startSmtpServer(options: SMTPServerOptions = {}): Promise<RunningSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
    ...options,
  });
  // Dropped connections are part of some tests; the server must not crash on them.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    openConnections: () => server.connections.size,
    dropConnections: () => {
      for (const connection of server.connections) connection._socket.destroy();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
