import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IngredientWire, ProductDetailWire, ProductWire } from '@shop/shared/contract/catalogue';
import { MENU_CHANGED } from '@shop/shared/contract/realtime';
import { orders, payments } from '../../db/schema';
import { DEFAULT_SHOP_TIME, startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call, cashOrder, dealLine, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { connectSocket } from '../../../test/socket-client';

// Issue 21 point 4: products and toppings sold out for today (back by themselves at the next opening) or until turned
// back on; the menu, its ETags, the quote and both order routes follow at once, and at the day boundary.

describe.each(testDatabases())('sold out on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let customer: SignedIn;
  let addressId: string;
  let menu: Menu;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server.close());
  afterEach(async () => {
    // Every test starts with everything on sale, at the default clock (a Wednesday at 18:00, open).
    server.config.shopTime = new Date(DEFAULT_SHOP_TIME);
    const [productList, toppingList] = await Promise.all([menuList<ProductWire>('/allproduts'), menuList<IngredientWire>('/ingredients')]);
    for (const product of productList.body.filter((item) => item.soldOut)) await markProduct(product._id, { soldOut: false });
    for (const topping of toppingList.body.filter((item) => item.soldOut)) await markTopping(topping._id, { soldOut: false });
  });

  const at = (iso: string) => {
    server.config.shopTime = new Date(iso);
  };
  const markProduct = (id: string, body: unknown, who: SignedIn | null = admin) =>
    call(server, 'PUT', `/allproduts/${id}/availability`, who, body);
  const markTopping = (id: string, body: unknown, who: SignedIn | null = admin) =>
    call(server, 'PUT', `/ingredients/${id}/availability`, who, body);
  const menuList = async <T>(path: string, etag?: string) => {
    const response = await fetch(`${server.url}/api${path}`, { headers: etag ? { 'if-none-match': etag } : {} });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag') ?? '', body: (text ? JSON.parse(text) : []) as T[] };
  };
  const productIn = async (id: string) => (await menuList<ProductWire>('/allproduts')).body.find((product) => product._id === id);
  const toppingIn = async (id: string) => (await menuList<IngredientWire>('/ingredients')).body.find((topping) => topping._id === id);
  const quote = (items: unknown[]) => call(server, 'POST', '/cart/quote', null, { items });
  const customerOrders = async () => server.app.db.select().from(orders).where(eq(orders.userId, customer.user.id));

  describe('PUT /api/allproduts/{id}/availability and PUT /api/ingredients/{id}/availability', () => {
    it('are for admins only: 401 signed out, 403 for a customer, 404 for an unknown or deleted item', async () => {
      const margherita = menu.product('Margherita');
      const pepperoni = menu.topping('Pepperoni');
      expect((await markProduct(margherita, { soldOut: true }, null)).status).toBe(401);
      expect((await markTopping(pepperoni, { soldOut: true }, null)).status).toBe(401);
      expect((await markProduct(margherita, { soldOut: true }, customer)).body.code).toBe('ADMIN_ONLY');
      expect((await markTopping(pepperoni, { soldOut: true }, customer)).status).toBe(403);
      expect((await markProduct('0123456789abcdef01234567', { soldOut: true })).body.code).toBe('PRODUCT_NOT_FOUND');
      expect((await markTopping('0123456789abcdef01234567', { soldOut: true })).body.code).toBe('TOPPING_NOT_FOUND');
      expect((await markProduct('not-an-id', { soldOut: true })).status).toBe(404);
      expect((await productIn(margherita))?.soldOut).toBe(false);
    });

    it('refuse a body that is not {soldOut, until?} with 400 naming the field', async () => {
      const id = menu.product('Margherita');
      for (const body of [{}, { soldOut: 'yes' }, { soldOut: true, until: 'tomorrow' }, { soldOut: true, price: 0 }]) {
        const answer = await markProduct(id, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_FAILED');
      }
      expect((await markProduct(id, { soldOut: true, until: 'tomorrow' })).body.message).toContain(
        'until must be one of next-opening, turned-back-on',
      );
      expect((await productIn(id))?.soldOut).toBe(false);
    });

    it('mark a product sold out for today by default, until turned back on, and back on sale; the menu says so at once', async () => {
      const id = menu.product('Hawaiian');
      const before = await menuList<ProductWire>('/allproduts');
      expect(before.body.find((product) => product._id === id)).toMatchObject({ soldOut: false, soldOutUntil: null });

      // Wednesday 18:00: back at Thursday's opening, 12:00.
      const today = await markProduct(id, { soldOut: true });
      expect(today.status).toBe(200);
      expect(today.body).toEqual({ _id: id, soldOut: true, soldOutUntil: '2026-11-19T12:00:00.000Z' });
      const listed = await menuList<ProductWire>('/allproduts', before.etag);
      expect(listed.status).toBe(200);
      expect(listed.etag).not.toBe(before.etag);
      expect(listed.body.find((product) => product._id === id)).toMatchObject({ soldOut: true, soldOutUntil: '2026-11-19T12:00:00.000Z' });
      expect((await menuList<ProductWire>('/products/Pizza')).body.find((product) => product._id === id)?.soldOut).toBe(true);
      expect((await call(server, 'GET', `/allproduts/${id}`, null)).body as ProductDetailWire).toMatchObject({ soldOut: true });

      const held = await markProduct(id, { soldOut: true, until: 'turned-back-on' });
      expect(held.body).toEqual({ _id: id, soldOut: true, soldOutUntil: null });
      expect(await productIn(id)).toMatchObject({ soldOut: true, soldOutUntil: null });

      const back = await markProduct(id, { soldOut: false });
      expect(back.body).toEqual({ _id: id, soldOut: false, soldOutUntil: null });
      expect(await productIn(id)).toMatchObject({ soldOut: false, soldOutUntil: null });
    });

    it('mark a topping (a crust, a dip, a shake flavour) sold out and back', async () => {
      for (const name of ['Pepperoni', 'Sesame Seed Crust', 'BBQ', 'Caramel Flavour']) {
        const id = menu.topping(name);
        const before = await menuList<IngredientWire>('/ingredients');
        expect((await markTopping(id, { soldOut: true, until: 'next-opening' })).body).toEqual({
          _id: id,
          soldOut: true,
          soldOutUntil: '2026-11-19T12:00:00.000Z',
        });
        const after = await menuList<IngredientWire>('/ingredients', before.etag);
        expect(after.status, name).toBe(200);
        expect(
          after.body.find((topping) => topping._id === id),
          name,
        ).toMatchObject({ soldOut: true });
        expect((await markTopping(id, { soldOut: false })).body.soldOut).toBe(false);
        expect((await toppingIn(id))?.soldOut, name).toBe(false);
      }
    });
  });

  describe('back by itself at the next opening, with nothing run', () => {
    it('marked on Friday night past midnight (Saturday 00:20) it is back at Saturday 12:00, and the ETag changes then', async () => {
      const id = menu.product('Margherita');
      at('2026-11-28T00:20:00Z');
      expect((await markProduct(id, { soldOut: true })).body.soldOutUntil).toBe('2026-11-28T12:00:00.000Z');
      const marked = await menuList<ProductWire>('/allproduts');
      const markedToppings = await menuList<IngredientWire>('/ingredients');
      expect(marked.body.find((product) => product._id === id)?.soldOut).toBe(true);

      // Still Friday's day until the opening: the same answer, and a 304 for the browser that has it.
      at('2026-11-28T11:59:59Z');
      expect((await menuList('/allproduts', marked.etag)).status).toBe(304);
      expect((await quote([pizzaLine(menu)])).status).toBe(422);

      // The shop clock passes the opening: a new answer and a new ETag, without any write.
      at('2026-11-28T12:00:00Z');
      const opened = await menuList<ProductWire>('/allproduts', marked.etag);
      expect(opened.status).toBe(200);
      expect(opened.etag).not.toBe(marked.etag);
      expect(opened.body.find((product) => product._id === id)).toMatchObject({ soldOut: false, soldOutUntil: null });
      expect((await menuList<ProductWire>('/products/Pizza', marked.etag)).body.find((product) => product._id === id)?.soldOut).toBe(false);
      // Nothing else changed: the toppings' answer is the same.
      expect((await menuList('/ingredients', markedToppings.etag)).status).toBe(304);
      expect((await quote([pizzaLine(menu)])).status).toBe(200);

      // A cached answer is never read back at a clock it is not true for (a clock set back, as tests do).
      at('2026-11-28T10:00:00Z');
      expect((await productIn(id))?.soldOut).toBe(true);
    });

    it('until turned back on stays sold out for days', async () => {
      const id = menu.topping('Pepperoni');
      await markTopping(id, { soldOut: true, until: 'turned-back-on' });
      at('2026-11-24T19:00:00Z');
      expect(await toppingIn(id)).toMatchObject({ soldOut: true, soldOutUntil: null });
      expect((await quote([pizzaLine(menu)])).body.message).toBe('"Pepperoni" is sold out');
    });
  });

  describe('the quote and both order routes answer 422 ITEM_SOLD_OUT and charge nothing', () => {
    it('a sold-out topping: the quote names it and its line, the cash order is not placed', async () => {
      await markTopping(menu.topping('Pepperoni'), { soldOut: true });
      const refused = await quote([dealLine(menu), pizzaLine(menu)]);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'ITEM_SOLD_OUT', message: '"Pepperoni" is sold out today', lineIndex: 1 });

      const cash = await call(server, 'POST', '/buy-product', customer, cashOrder([dealLine(menu), pizzaLine(menu)], addressId));
      expect(cash.status).toBe(422);
      expect(cash.body).toMatchObject({ code: 'ITEM_SOLD_OUT', message: '"Pepperoni" is sold out today' });
      expect(await customerOrders()).toEqual([]);
      // The rest of the cart is fine.
      expect((await quote([dealLine(menu)])).status).toBe(200);
    });

    it('a sold-out product: the card order opens no payment', async () => {
      await markProduct(menu.product('Margherita'), { soldOut: true });
      const card = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '' });
      expect(card.status).toBe(422);
      expect(card.body).toMatchObject({ code: 'ITEM_SOLD_OUT', message: '"Margherita" is sold out today' });
      expect(await customerOrders()).toEqual([]);
      expect(await server.app.db.select().from(payments)).toEqual([]);
    });

    it("a deal's sold-out choice (until turned back on): refused in the quote and both orders", async () => {
      await markProduct(menu.product('Hawaiian'), { soldOut: true, until: 'turned-back-on' });
      const expected = { code: 'ITEM_SOLD_OUT', message: '"Hawaiian" is sold out' };
      expect((await quote([dealLine(menu)])).body).toMatchObject({ ...expected, lineIndex: 0 });
      expect((await call(server, 'POST', '/buy-product', customer, cashOrder([dealLine(menu)], addressId))).body).toMatchObject(expected);
      const card = await call(server, 'POST', '/create-payment-intent', customer, { items: [dealLine(menu)], addressId, note: '' });
      expect(card.status).toBe(422);
      expect(card.body).toMatchObject(expected);
      expect(await customerOrders()).toEqual([]);
      expect(await server.app.db.select().from(payments)).toEqual([]);
    });

    it('back on sale, the same order is placed', async () => {
      const id = menu.product('Margherita');
      await markProduct(id, { soldOut: true });
      expect((await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId))).status).toBe(422);
      await markProduct(id, { soldOut: false });
      expect((await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId))).status).toBe(201);
    });
  });

  it('every open storefront hears menu_changed, signed in or not', async () => {
    const visitor = await connectSocket(server.url);
    const shopper = await connectSocket(server.url, { cookie: customer.cookie });
    try {
      await markProduct(menu.product('Margherita'), { soldOut: true });
      await markTopping(menu.topping('BBQ'), { soldOut: true, until: 'turned-back-on' });
      // On PostgreSQL each change reaches the sockets through the database's notification, after the answer: wait
      // for both (a round trip on the socket alone can come first), then a round trip for anything more.
      for (const socket of [visitor, shopper])
        await vi.waitFor(() => expect(socket.received.filter((item) => item.event === MENU_CHANGED)).toHaveLength(2), { timeout: 10_000 });
      await Promise.all([visitor.sync(), shopper.sync()]);
      for (const socket of [visitor, shopper]) {
        expect(socket.received.filter((item) => item.event === MENU_CHANGED)).toEqual([
          { event: MENU_CHANGED, payload: {} },
          { event: MENU_CHANGED, payload: {} },
        ]);
      }
    } finally {
      visitor.close();
      shopper.close();
    }
  });

  it("favourites carry the product's sold-out state", async () => {
    const id = menu.product('Hawaiian');
    await call(server, 'POST', '/favouritelist', customer, { id, email: customer.user.email });
    await markProduct(id, { soldOut: true });
    const listed = await call(server, 'GET', `/favouritelist/${encodeURIComponent(customer.user.email)}`, customer);
    expect(listed.body.find((favourite: { id: string }) => favourite.id === id)?.product).toMatchObject({ soldOut: true });
  });
});
