import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

/**
 * Where absolute links (feed ids and links) point. PUBLIC_URL when it is set; otherwise the
 * address the request arrived at on this machine (its listen address; with HOST=0.0.0.0 the
 * interface's). Never the request's Host header: a client could put any name there, and a
 * cache in front would then serve that name to everyone.
 */
export interface PublicBase {
  source: 'PUBLIC_URL' | 'listen address';
  /** The base URL, without a trailing slash. */
  url(req: IncomingMessage): string;
}

export function publicBase(publicUrl: string | null | undefined): PublicBase {
  if (publicUrl) return { source: 'PUBLIC_URL', url: () => publicUrl };
  return {
    source: 'listen address',
    url: ({ socket }) => {
      const address = socket.localAddress ?? '127.0.0.1';
      return `http://${isIPv6(address) ? `[${address}]` : address}:${socket.localPort}`;
    },
  };
}
