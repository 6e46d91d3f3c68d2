// TRUST_PROXY and the rate limits: behind nginx every request comes from the proxy's address, so a limit counted
// by the socket's address would be one limit for every customer together. With TRUST_PROXY naming the proxy, the
// client's address comes from X-Forwarded-For, and only from the proxy: anyone else's header is ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomLoopback } from '../../../test/account-test-client';
import { startTestServer, type TestServer } from '../../../test/harness';
import { rawRequest } from '../../../test/raw-request';
import { RATE_LIMITS } from './routes';

const PROXY = '127.0.0.1';

describe('client addresses behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: PROXY } });
  });
  afterAll(() => server?.close());

  const login = (email: string, from: string, forwardedFor?: string) =>
    rawRequest(server.url, {
      method: 'POST',
      path: '/api/login/',
      from,
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email, password: 'not-the-password-1' }),
    });

  it(`counts each client forwarded by the proxy on its own: ${RATE_LIMITS.login.max} tries for one, the next is 429, another client still gets in`, async () => {
    const email = `proxied-${Date.now()}@example.com`;
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) expect((await login(email, PROXY, '203.0.113.10')).status).toBe(401);
    expect((await login(email, PROXY, '203.0.113.10')).status).toBe(429);
    expect((await login(email, PROXY, '203.0.113.11')).status).toBe(401);
  });

  it('ignores X-Forwarded-For from an address that is not the proxy: a script cannot step round a limit with it', async () => {
    const email = `forger-${Date.now()}@example.com`;
    const script = randomLoopback();
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) expect((await login(email, script, `198.51.100.${i + 1}`)).status).toBe(401);
    expect((await login(email, script, '198.51.100.99')).status).toBe(429);
  });

  it('takes the address the proxy saw, not what the client wrote before it (a proxy that appends: the last hop counts)', async () => {
    const email = `chain-${Date.now()}@example.com`;
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1)
      expect((await login(email, PROXY, `10.9.9.${i + 1}, 203.0.113.20`)).status).toBe(401);
    expect((await login(email, PROXY, '10.9.9.99, 203.0.113.20')).status).toBe(429);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('counts by the connection’s address whatever X-Forwarded-For says', async () => {
    const email = `direct-${Date.now()}@example.com`;
    const from = randomLoopback();
    const send = (forwardedFor: string) =>
      rawRequest(server.url, {
        method: 'POST',
        path: '/api/login/',
        from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password: 'not-the-password-1' }),
      });
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) expect((await send(`198.51.100.${i + 1}`)).status).toBe(401);
    expect((await send('198.51.100.99')).status).toBe(429);
  });
});
