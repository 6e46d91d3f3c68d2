import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';
import { assertSelfOrAdmin, requireAdmin, requireUser } from './guards';

describe.each(testDatabases())('session guards on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      db: kind,
      setup: (app) => {
        // Answers are checked against the route's declared schema (test/answer-schemas.ts), as every route's.
        const answers = (answer: z.ZodType) => ({ schema: { response: { 200: answer } } });
        const ok = answers(z.object({ ok: z.literal(true) }));
        app.get('/api/test/me', { preHandler: requireUser, ...answers(z.object({ email: z.string() })) }, async (request) => ({
          email: request.user?.email,
        }));
        app.get('/api/test/admin', { preHandler: requireAdmin, ...ok }, async () => ({ ok: true }));
        app.get<{ Params: { email: string } }>('/api/test/of/:email', { preHandler: requireUser, ...ok }, async (request) => {
          assertSelfOrAdmin(request, request.params.email);
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => server?.close());

  const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

  it('answers 401 with the error shape when signed out or with a forged cookie', async () => {
    for (const cookie of [undefined, 'sid=forged-token']) {
      const res = await get('/api/test/me', cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('lets a signed-in customer through but not into admin routes (403)', async () => {
    const customer = await signInAs(server);
    expect(await (await get('/api/test/me', customer.cookie)).json()).toEqual({ email: customer.user.email });
    expect((await get('/api/test/admin', customer.cookie)).status).toBe(403);
  });

  it('lets an admin into admin routes', async () => {
    const admin = await signInAs(server, { role: 'owner' });
    expect((await get('/api/test/admin', admin.cookie)).status).toBe(200);
  });

  it('lets a customer read only their own e-mail-named data; an admin any', async () => {
    const a = await signInAs(server);
    const b = await signInAs(server);
    const admin = await signInAs(server, { role: 'owner' });
    expect((await get(`/api/test/of/${encodeURIComponent(a.user.email.toUpperCase())}`, a.cookie)).status).toBe(200);
    expect((await get(`/api/test/of/${encodeURIComponent(b.user.email)}`, a.cookie)).status).toBe(403);
    expect((await get(`/api/test/of/${encodeURIComponent(b.user.email)}`, admin.cookie)).status).toBe(200);
  });
});
