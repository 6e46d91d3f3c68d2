// A per-address cap on live sockets (issue 19, point 6: 600 sockets from one address were all accepted). The test
// shop believes X-Forwarded-For from its own loopback proxy (TRUST_PROXY), so each socket says which address it
// comes from, as nginx would tell the shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_ADDRESS } from '../src/realtime/address-cap';
import { startTestServer, type TestServer } from './harness';
import { connectSocket, type TestSocket } from './socket-client';

describe('live sockets per address', () => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  const from = (address: string, transports: Array<'polling' | 'websocket'> = ['websocket']) =>
    connectSocket(server.url, { headers: { 'x-forwarded-for': address }, transports });

  it(`accepts ${MAX_SOCKETS_PER_ADDRESS} from one address and refuses the next, whatever the transport; other addresses are not affected`, async () => {
    expect(MAX_SOCKETS_PER_ADDRESS).toBe(50);
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i += 1) sockets.push(await from('203.0.113.7'));
    await expect(from('203.0.113.7')).rejects.toThrow();
    await expect(from('203.0.113.7', ['polling'])).rejects.toThrow();
    // An IPv6 client's whole /64 counts as one address, as for the rate limits.
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i += 1) sockets.push(await from(`2001:db8:1:2::${(i + 1).toString(16)}`));
    await expect(from('2001:db8:1:2:ffff::1')).rejects.toThrow();

    const neighbour = await from('203.0.113.8');
    sockets.push(neighbour);
    expect(neighbour.socket.connected).toBe(true);
  });

  it('gives a place back when a socket closes', async () => {
    const first = sockets.shift();
    first?.close();
    // The server sees the close shortly after the client sends it.
    let again: TestSocket | undefined;
    for (let attempt = 0; attempt < 50 && !again; attempt += 1) {
      again = await from('203.0.113.7').catch(() => undefined);
      if (!again) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.socket.connected).toBe(true);
    if (again) sockets.push(again);
    await expect(from('203.0.113.7')).rejects.toThrow();
  });
});
