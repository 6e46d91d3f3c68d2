import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config';

/**
 * The address a limit counts by. An IPv6 client is usually given a whole /64 (2^64 addresses), so counting each
 * address alone would let one machine step round every limit: its /64 counts as one address. An IPv4 address
 * written as IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The 8 groups of an IPv6 address, '::' filled in and an embedded IPv4 tail counted as two groups. */
function expandIpv6(address: string): string[] | null {
  const split = (part: string): string[] => {
    if (part === '') return [];
    const parts = part.split(':');
    const last = parts.at(-1) ?? '';
    if (!isIPv4(last)) return parts;
    const bytes = last.split('.').map(Number);
    const hex = (a = 0, b = 0) => ((a << 8) | b).toString(16);
    return [...parts.slice(0, -1), hex(bytes[0], bytes[1]), hex(bytes[2], bytes[3])];
  };
  const [head = '', tail] = address.split('::');
  const headGroups = split(head);
  const tailGroups = tail === undefined ? [] : split(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/**
 * The client's address of a raw request, as Fastify's `request.ip` gives it for the routes (same proxy-addr, same
 * TRUST_PROXY): for the socket.io server, which answers its requests before Fastify sees them.
 */
export function clientAddressOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trust =
    typeof trustProxy === 'function' ? trustProxy : typeof trustProxy === 'boolean' ? () => trustProxy : proxyAddr.compile(trustProxy);
  return (request) => proxyAddr(request, trust);
}
