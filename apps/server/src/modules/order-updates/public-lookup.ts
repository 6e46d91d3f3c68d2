import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses no public push service has: private networks, loopback, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, documentation, multicast and reserved ranges, and IPv6 forms that carry an IPv4 address.
 */
const NOT_PUBLIC_V4 = new net.BlockList();
// Apart: a BlockList checks an IPv4 address against its IPv6 rules as ::ffff:a.b.c.d, which ::ffff:0:0/96 holds.
const NOT_PUBLIC_V6 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(prefix, bits, 'ipv6');

/** Whether an IP address is one the open internet routes to. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

type Resolve = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http(s).request that resolves the name and refuses it when any of its addresses is not public. The
 * connection is made to the address checked here, so a name that answers a public address to one look-up and a
 * private one to the next (DNS rebinding) cannot slip between the check and the connection.
 */
export function publicOnlyLookup(resolve: Resolve = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family ?? 0, hints: options.hints ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        const problem = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), {
          code: 'ENOTPUBLIC',
        });
        return callback(problem, '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as dns.LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
