// The rate limits of the customer's own data routes (decision 1002; docs/api.md's rate-limit table,
// docs/security.md): 'Download my data' 10 per 10 minutes per address, 'Delete my account' 10 a minute per address,
// counted in the database. Each test sends what a real client would, from one pinned address, until refused, and
// checks the 429 a customer gets and that nothing is served or erased past the limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED } from '@shop/shared/contract/account-data';
import { TOO_MANY_ATTEMPTS, WRONG_CURRENT_PASSWORD } from '@shop/shared/contract/auth';
import { addresses, users } from '../../db/schema';
import { call, randomLoopback, type Answer } from '../../../test/account-test-client';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { ADDRESS } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { ACCOUNT_DATA_LIMITS } from './routes';

describe.each(testDatabases())('the customer’s own data: rate limits on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // No RATE_LIMIT_MULTIPLIER: the limits as a live shop has them.
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.close());

  const expect429 = (res: Answer) => {
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal and nothing else: no account data, no deletion message.
    expect(res.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TOO_MANY_ATTEMPTS,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
  };

  async function customerWithAddress(): Promise<SignedIn> {
    const customer = await signInAs(server);
    const added = await call(server.url, 'POST', '/address-collection', { body: ADDRESS, cookie: customer.cookie });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return customer;
  }

  it(`download: ${ACCOUNT_DATA_LIMITS.accountData.max} files in 10 minutes from one address, then 429 with no data; another address still downloads`, async () => {
    expect(ACCOUNT_DATA_LIMITS.accountData).toEqual({ max: 10, timeWindow: 10 * 60_000 });
    const customer = await customerWithAddress();
    const from = randomLoopback();
    const download = (source = from) => call(server.url, 'GET', '/profile/data', { cookie: customer.cookie, from: source });

    for (let i = 1; i <= 10; i++) {
      const res = await download();
      expect(res.status, `download ${i}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ account: { email: customer.user.email } });
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    }
    const refused = await download();
    expect429(refused);
    expect(JSON.stringify(refused.body)).not.toContain(customer.user.email);
    expect(JSON.stringify(refused.body)).not.toContain(ADDRESS.phone);
    // Still refused while the window lasts.
    expect429(await download());

    // Counted per address: the same account from elsewhere is not refused.
    const elsewhere = await download(randomLoopback());
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ account: { email: customer.user.email } });
  });

  it(`delete: ${ACCOUNT_DATA_LIMITS.accountDelete.max} password tries a minute from one address, then 429 even for the right password and nothing erased; another address deletes`, async () => {
    expect(ACCOUNT_DATA_LIMITS.accountDelete).toEqual({ max: 10, timeWindow: 60_000 });
    const customer = await customerWithAddress();
    const from = randomLoopback();
    const remove = (password: string, source = from) =>
      call(server.url, 'POST', '/profile/delete', { body: { password }, cookie: customer.cookie, from: source });

    // Someone guessing the password at a signed-in browser.
    for (let i = 1; i <= 10; i++) {
      const res = await remove(`guess-${i}-Pepperoni`);
      expect(res.status, `try ${i}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', message: WRONG_CURRENT_PASSWORD });
    }
    const refused = await remove(customer.password);
    expect429(refused);
    expect(refused.setCookie).toBeNull();

    // Nothing erased: the account, its e-mail, its password and its address are all there, its session still works.
    const [row] = await server.app.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ email: customer.user.email, username: customer.user.username, deletedAt: null });
    expect(await server.app.db.select().from(addresses).where(eq(addresses.userId, customer.user.id))).toHaveLength(1);
    const session = await call(server.url, 'GET', '/session', { cookie: customer.cookie });
    expect(session.body).toEqual({
      user: { email: customer.user.email, username: customer.user.username, role: 'customer', emailVerified: false },
    });

    // Counted per address: the customer at another address deletes the account.
    const deleted = await remove(customer.password, randomLoopback());
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ result: true, message: ACCOUNT_DELETED });
    const [gone] = await server.app.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(gone?.deletedAt).not.toBeNull();
  });
});
