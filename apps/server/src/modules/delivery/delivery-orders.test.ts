// Issue 22 point 2 (decision 1001) in both order routes: a delivery is charged its zone's fee (its own line, in the
// total, in the card's amount), refused outside every zone with the shop's phone, refused under the zone's minimum,
// with nothing recorded or charged; a collection pays no fee; with no shop post code nothing changes. Real HTTP on
// PGlite and PostgreSQL.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, orders, payments } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { ADDRESS, call, cashOrder, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

const PHONE = '0117 496 0123';
/** A large stuffed-crust Margherita with pepperoni: £17.19 (order-fixtures). */
const PIZZA = 17.19;

describe.each(testDatabases())('the delivery fee and refusals in both order routes on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let admin: SignedIn;
  let homeAddress: string;
  const addressIn: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId: homeAddress } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
    for (const postcode of ['BS6 6AA', 'BS6 5AB', 'BS9 1AA']) {
      const added = await call(server, 'POST', '/address-collection', customer, { ...ADDRESS, postcode });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      addressIn[postcode] = added.body.insertedId as string;
    }
  });
  afterAll(async () => server?.close());

  const readOrder = async (id: string) => (await call(server, 'GET', `/buy-product/${id}`, customer)).body;
  const counted = async () => ({
    orders: Number((await server.app.db.select({ n: count() }).from(orders))[0]?.n),
    payments: Number((await server.app.db.select({ n: count() }).from(payments))[0]?.n),
  });
  const cash = (addressId: string, quantity = 1) =>
    call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu, quantity)], addressId));
  const card = (addressId: string, extra: Record<string, unknown> = {}) =>
    call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '', ...extra });

  it('charges nothing and refuses nowhere while the shop has no post code', async () => {
    const placed = await cash(addressIn['BS9 1AA'] as string);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await readOrder(placed.body.insertedId as string)).toMatchObject({ subtotal: PIZZA, deliveryFee: 0, totalPrice: PIZZA });
  });

  describe('once the shop has a post code and zones', () => {
    beforeAll(async () => {
      const set = await call(server, 'PUT', '/shop-settings', admin, { shopPostcode: 'BS1 4DJ', traderPhone: PHONE });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      for (const zone of [
        { code: 'BS6', fee: 2.5, minimumOrder: 15 },
        { code: 'BS6 5', fee: 1.5, minimumOrder: 30 },
      ]) {
        const added = await call(server, 'POST', '/delivery-zones', admin, zone);
        expect(added.status, JSON.stringify(added.body)).toBe(201);
      }
    });

    it("charges a cash order the zone's fee as its own line, in the total", async () => {
      const placed = await cash(addressIn['BS6 6AA'] as string);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const id = placed.body.insertedId as string;
      expect(await readOrder(id)).toMatchObject({ subtotal: PIZZA, deliveryFee: 2.5, totalPrice: 19.69 });
      const row = (await server.app.db.select().from(orders).where(eq(orders.id, id)))[0];
      expect(row).toMatchObject({ deliveryFee: 250, total: 1969 });
      // The shop's own district is free.
      const home = await cash(homeAddress);
      expect(await readOrder(home.body.insertedId as string)).toMatchObject({ deliveryFee: 0, totalPrice: PIZZA });
    });

    it('opens a card payment for the food and the fee, and refuses a price without the fee', async () => {
      const without = await card(addressIn['BS6 6AA'] as string, { price: PIZZA });
      expect(without.status).toBe(400);
      expect(without.body).toMatchObject({ code: 'PRICE_MISMATCH', message: 'The price sent does not match the order total of £19.69' });
      const opened = await card(addressIn['BS6 6AA'] as string, { price: 19.69 });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.amount).toBe(19.69);
      expect(await readOrder(opened.body.orderId as string)).toMatchObject({ deliveryFee: 2.5, totalPrice: 19.69 });
    });

    it('refuses an address in no zone on both routes, with the district and the phone, and records nothing', async () => {
      const before = await counted();
      const message = `We do not deliver to BS9 online: call us on ${PHONE} to arrange delivery`;
      for (const answer of [await cash(addressIn['BS9 1AA'] as string), await card(addressIn['BS9 1AA'] as string)]) {
        expect(answer.status).toBe(422);
        expect(answer.body).toMatchObject({ code: 'OUTSIDE_DELIVERY_AREA', message });
      }
      expect(await counted()).toEqual(before);
    });

    it("refuses food under the zone's minimum, the most specific zone's, on both routes", async () => {
      const before = await counted();
      for (const answer of [await cash(addressIn['BS6 5AB'] as string), await card(addressIn['BS6 5AB'] as string)]) {
        expect(answer.status).toBe(422);
        expect(answer.body).toMatchObject({
          code: 'DELIVERY_MINIMUM',
          message: 'Orders delivered to BS6 5 must come to at least £30.00 before the delivery fee: add £12.81 more',
        });
      }
      expect(await counted()).toEqual(before);
      const two = await cash(addressIn['BS6 5AB'] as string, 2);
      expect(two.status, JSON.stringify(two.body)).toBe(201);
      expect(await readOrder(two.body.insertedId as string)).toMatchObject({ subtotal: 34.38, deliveryFee: 1.5, totalPrice: 35.88 });
    });

    it('refuses an address whose post code is not a UK one (kept from before the form checked it)', async () => {
      const [saved] = await server.app.db.select().from(addresses).where(eq(addresses.id, homeAddress));
      const id = 'f'.repeat(24);
      await server.app.db.insert(addresses).values({ ...saved!, id, postcode: 'D02 X285' });
      const answer = await cash(id);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        code: 'POSTCODE_NOT_UK',
        message: `That is not a UK post code we can find: check it, or call us on ${PHONE}`,
      });
    });

    it('shows the fee in the cart quote when a post code is sent, and nothing without one', async () => {
      const quote = (postcode?: string) =>
        call(server, 'POST', '/cart/quote', null, { items: [pizzaLine(menu)], ...(postcode ? { postcode } : {}) });
      const plain = await quote();
      expect(plain.status).toBe(200);
      expect(plain.body).not.toHaveProperty('delivery');
      expect((await quote('bs6 6aa')).body).toMatchObject({
        total: PIZZA,
        delivery: { delivers: true, postcode: 'BS6 6AA', zone: 'BS6', fee: 2.5, minimumOrder: 15, message: null },
      });
      expect((await quote('BS9 1AA')).body.delivery).toMatchObject({
        delivers: false,
        message: `We do not deliver to BS9 online: call us on ${PHONE} to arrange delivery`,
      });
    });

    it('charges a collection no fee and asks for no zone', async () => {
      const placed = await call(server, 'POST', '/buy-product', customer, {
        items: [pizzaLine(menu)],
        paymentType: 'Pay on collection',
        fulfilment: 'collection',
        contact: { name: 'Ada Lovelace', phone: '07700 900123' },
        note: '',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(await readOrder(placed.body.insertedId as string)).toMatchObject({
        fulfilment: 'collection',
        deliveryFee: 0,
        totalPrice: PIZZA,
      });
    });
  });
});
