import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** The caller's address as Express sees it (`trust proxy` decides), IPv4-mapped IPv6 unwrapped. */
export function clientIp(req: Request): string {
  return unmappedIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** An IPv4-mapped IPv6 address as its IPv4 address; others as they are. */
export const unmappedIp = (ip: string): string => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** Hides the host part of an address: IPv4 keeps its /24, IPv6 its /48. */
export function maskIp(ip: string): string {
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/48`;
  }
  return 'masked';
}
