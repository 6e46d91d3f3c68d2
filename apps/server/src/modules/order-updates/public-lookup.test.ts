import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup } from './public-lookup';

describe('isPublicAddress', () => {
  it.each([
    ['142.250.180.10', true],
    ['17.253.144.10', true],
    ['2a00:1450:4009:81f::200a', true],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['127.0.0.1', false],
    ['127.9.9.9', false],
    ['0.0.0.0', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['198.18.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

/** DNS as a name's owner sets it: a stand-in for the resolver, which cannot be reached from here. */
function dnsAnswering(answers: Record<string, dns.LookupAddress[]>) {
  return (
    hostname: string,
    _options: dns.LookupAllOptions,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    const found = answers[hostname];
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };
}

function lookUp(lookup: ReturnType<typeof publicOnlyLookup>, hostname: string, all: boolean) {
  return new Promise<unknown>((resolve, reject) => {
    lookup(hostname, { all }, (error: Error | null, address: unknown, family?: number) =>
      error ? reject(error) : resolve(all ? address : { address, family }),
    );
  });
}

describe('publicOnlyLookup', () => {
  const lookup = publicOnlyLookup(
    dnsAnswering({
      'fcm.googleapis.com': [
        { address: '142.250.180.10', family: 4 },
        { address: '2a00:1450:4009:81f::200a', family: 6 },
      ],
      'push.attacker.example.com': [{ address: '192.168.1.1', family: 4 }],
      'mixed.attacker.example.com': [
        { address: '142.250.180.10', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      'metadata.attacker.example.com': [{ address: '169.254.169.254', family: 4 }],
    }),
  );

  it('answers the addresses of a public push service, one or all as asked', async () => {
    expect(await lookUp(lookup, 'fcm.googleapis.com', false)).toEqual({ address: '142.250.180.10', family: 4 });
    expect(await lookUp(lookup, 'fcm.googleapis.com', true)).toEqual([
      { address: '142.250.180.10', family: 4 },
      { address: '2a00:1450:4009:81f::200a', family: 6 },
    ]);
  });

  it.each(['push.attacker.example.com', 'mixed.attacker.example.com', 'metadata.attacker.example.com'])(
    'refuses %s, a public name that resolves into a private network',
    async (hostname) => {
      await expect(lookUp(lookup, hostname, false)).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
      await expect(lookUp(lookup, hostname, true)).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    },
  );

  it('passes on a name that does not resolve', async () => {
    await expect(lookUp(lookup, 'nowhere.example.com', false)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('stops a request before it connects: the service on the address the name gave hears nothing', async () => {
    const heard: string[] = [];
    const server = http.createServer((request, response) => {
      heard.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const rebinding = publicOnlyLookup(dnsAnswering({ 'push.attacker.example.com': [{ address: '127.0.0.1', family: 4 }] }));
    const send = (options: http.RequestOptions) =>
      new Promise<number | NodeJS.ErrnoException>((resolve) => {
        const request = http.request(`http://push.attacker.example.com:${port}/send/abc`, { method: 'POST', ...options }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', resolve);
        request.end('{}');
      });
    try {
      const refused = await send({ lookup: rebinding });
      expect(refused).toMatchObject({ code: 'ENOTPUBLIC', message: expect.stringContaining('127.0.0.1') });
      expect(heard).toEqual([]);
      // The same request with a plain resolver that gives the same address reaches it: the lookup is what stops it.
      const plain = dnsAnswering({ 'push.attacker.example.com': [{ address: '127.0.0.1', family: 4 }] });
      expect(
        await send({
          lookup: ((
            host: string,
            options: dns.LookupOptions,
            callback: (e: Error | null, a: string | dns.LookupAddress[], f?: number) => void,
          ) =>
            plain(host, { ...options, all: true }, (e, all) =>
              options.all ? callback(e, all) : callback(e, all[0]?.address ?? '', 4),
            )) as never,
        }),
      ).toBe(200);
      expect(heard).toEqual(['/send/abc']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
