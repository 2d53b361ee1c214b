import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that takes `delayMs` to accept each message's data. */
export interface SlowSmtp {
  port: number;
  /** Messages accepted so far. */
  accepted: number;
  /** Resolves when a message's data has arrived (its answer then waits `delayMs`). */
  dataArrived: Promise<void>;
  close(): Promise<void>;
}

export async function startSlowSmtp(delayMs: number): Promise<SlowSmtp> {
  let arrived!: () => void;
  const handle: SlowSmtp = { port: 0, accepted: 0, dataArrived: new Promise((done) => (arrived = done)), close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => {
        arrived();
        setTimeout(() => {
          handle.accepted++;
          done();
        }, delayMs);
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  handle.port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  handle.close = () => new Promise((done) => server.close(() => done()));
  return handle;
}
