// Production refuses to fake (docs/security.md, decision 0702): in NODE_ENV=production the shop does not take
// 'card payments' with test cards unless its owner says so, keeps no development outbox, and a shop that takes
// cash only says so to the storefront and refuses a card payment with a code of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './account-test-client';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { loadMenu, pizzaLine } from './order-fixtures';
import { signInAs } from './sign-in';
import { startInbox, type TestInbox } from './smtp-inbox';

/** What production needs besides payments: mail through SMTP, and the shop's real clock (no SHOP_TIME). */
const productionEnv = (inbox: TestInbox) => ({ NODE_ENV: 'production', SMTP_URL: inbox.url, SHOP_TIME: '' });

describe.each(testDatabases())('a production shop on %s', (kind) => {
  let inbox: TestInbox;
  let cashOnly: TestServer;
  let trial: TestServer;

  beforeAll(async () => {
    inbox = await startInbox();
    [cashOnly, trial] = await Promise.all([
      startTestServer({ db: kind, seed: true, env: { ...productionEnv(inbox), PAYMENTS: 'cash-only' } }),
      startTestServer({ db: kind, env: { ...productionEnv(inbox), PAYMENTS: 'test-cards' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([cashOnly?.close(), trial?.close()]);
    await inbox?.close();
  });

  it('that takes cash only tells the storefront there is no card payment, and refuses one with 422 CARD_PAYMENTS_OFF', async () => {
    const config = await call(cashOnly.url, 'GET', '/payment-config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ cardPayments: false, provider: null, publishableKey: null, testMode: false });

    const customer = await signInAs(cashOnly);
    const menu = await loadMenu(cashOnly);
    const intent = await call(cashOnly.url, 'POST', '/create-payment-intent', {
      body: { items: [pizzaLine(menu)], note: '' },
      cookie: customer.cookie,
    });
    expect(intent.status).toBe(422);
    expect(intent.body).toMatchObject({
      statusCode: 422,
      code: 'CARD_PAYMENTS_OFF',
      message: 'This shop takes cash on delivery only: card payments are turned off.',
    });
    // Nothing was recorded: no card order waiting for a payment that can never come.
    const history = await call(cashOnly.url, 'GET', `/my-product-history/${customer.user.email}`, { cookie: customer.cookie });
    expect(history.body).toEqual([]);

    const confirm = await call(cashOnly.url, 'POST', '/test-payments/confirm', {
      body: { clientSecret: 'pi_test_x_secret_y', cardNumber: '4242424242424242', exp: '12/30', cvc: '123' },
      cookie: customer.cookie,
    });
    expect(confirm.status).toBe(422);
    expect(confirm.body).toMatchObject({ code: 'CARD_PAYMENTS_OFF' });
  });

  it('has no development outbox: GET /api/dev/outbox is 404, even for an admin', async () => {
    for (const server of [cashOnly, trial]) {
      const admin = await signInAs(server, { role: 'owner' });
      const outbox = await call(server.url, 'GET', '/dev/outbox', { cookie: admin.cookie });
      expect(outbox.status).toBe(404);
      expect(outbox.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('takes test cards only when its owner asked for them (PAYMENTS=test-cards), and says they are test mode', async () => {
    const config = await call(trial.url, 'GET', '/payment-config');
    expect(config.body).toEqual({ cardPayments: true, provider: 'test', publishableKey: null, testMode: true });
  });
});
