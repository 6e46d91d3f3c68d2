// Decision 1002: the VAT on an order's receipt, end to end on the real database: each line keeps its product's VAT
// rate when ordered (a later change of the product's rate does not rewrite it), the delivery fee is standard-rated,
// and GET /api/receipts/:id (and the receipt e-mail) show the VAT per rate only once the shop has a VAT number.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailQueue, orders, products } from '../src/db/schema';
import { catalogueWrite } from '../src/modules/catalogue/menu-cache';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call, cashOrder, pizzaLine, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

describe.each(testDatabases())('VAT on an order’s receipt on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;

  beforeEach(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterEach(async () => server.close());

  async function placeOrder(): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu, 2)], addressId));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.insertedId as string;
  }
  const receipt = async (id: string, who: SignedIn | null = customer) => call(server, 'GET', `/receipts/${id}`, who);

  it('shows no VAT without a VAT number, and the trader as the settings name it', async () => {
    const id = await placeOrder();
    const answer = await receipt(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      trader: expect.objectContaining({ name: 'Takeaway Shop', vatNumber: null }),
      vat: null,
    });
    expect((await receipt(id, await signInAs(server))).status).toBe(404);
    expect((await receipt(id, admin)).status).toBe(200);
  });

  it('keeps each line’s rate as ordered, and with a VAT number shows the VAT per rate on the page and in the mail', async () => {
    const pizzaId = menu.product('Margherita');
    // As the admin's product form saves it (a catalogue write: the menu snapshot is rebuilt).
    const setRate = (vatRate: 'standard' | 'zero') =>
      catalogueWrite(server.app.db, server.app.now(), (tx) => tx.update(products).set({ vatRate }).where(eq(products.id, pizzaId)));
    await setRate('zero');
    const zeroRated = await placeOrder();
    await setRate('standard');
    const standard = await placeOrder();
    const stored = (await server.app.db.select({ items: orders.items }).from(orders).where(eq(orders.id, zeroRated)))[0];
    expect(stored?.items[0]).toMatchObject({ vatRate: 'zero' });

    expect((await call(server, 'PUT', '/shop-settings', admin, { vatNumber: 'GB123456789' })).status).toBe(200);
    const total = (await call(server, 'GET', `/buy-product/${standard}`, customer)).body.totalPrice as number;
    const gross = Math.round(total * 100);
    const vat = Math.floor((2 * gross * 20 + 120) / 240);
    expect((await receipt(standard)).body.vat).toEqual({
      vatNumber: 'GB123456789',
      rates: [
        {
          rate: 'standard',
          percent: 20,
          gross: gross / 100,
          vat: vat / 100,
          text: `VAT at 20% included: £${(vat / 100).toFixed(2)} of £${(gross / 100).toFixed(2)}`,
        },
      ],
    });
    // Ordered while zero-rated: zero-rated still, though the product is standard now.
    expect((await receipt(zeroRated)).body.vat.rates).toEqual([expect.objectContaining({ rate: 'zero', vat: 0 })]);

    // A receipt e-mail queued from now on says the same.
    const third = await placeOrder();
    await expect
      .poll(
        async () =>
          (await server.app.db.select({ text: mailQueue.text }).from(mailQueue).where(eq(mailQueue.orderId, third)))[0]?.text ?? '',
      )
      .toContain('VAT number: GB123456789\nVAT at 20% included: ');
  });
});
