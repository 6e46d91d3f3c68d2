// Decision 1004: allergens "not recorded" (null) end to end on the real database. A shop upgraded through migration
// 0007 held `[]` ("contains none of the 14") on every record; 0008 made those NULL (migrate-allergens.test.ts). Here a
// seeded record is set NULL as that upgrade leaves it, and the API must never call it "none": the wire says null, a
// quote's and an order's line are null, the stored line keeps null, and the order answers carry each line's allergens.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import { combineAllergens, type Allergen } from '@shop/shared/domain/allergens';
import { orders, products, toppings } from '../src/db/schema';
import { catalogueWrite } from '../src/modules/catalogue/menu-cache';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call, cashOrder, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

describe.each(testDatabases())('allergens not recorded on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let admin: SignedIn;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
    // As migration 0008 leaves a shop upgraded before allergens were recorded: Hawaiian and Mushrooms not recorded.
    await setHawaiian(null);
    await catalogueWrite(server.database.db, new Date(), (tx) =>
      tx
        .update(toppings)
        .set({ allergens: null })
        .where(eq(toppings.id, menu.topping('Mushrooms'))),
    );
  });
  // Written as the upgrade left it (not through the API, which is tested below), through the menu cache's write.
  const setHawaiian = (allergens: Allergen[] | null) =>
    catalogueWrite(server.database.db, new Date(), (tx) =>
      tx
        .update(products)
        .set({ allergens })
        .where(eq(products.id, menu.product('Hawaiian'))),
    );
  afterAll(async () => server?.close());

  const menuProduct = async (id: string) =>
    ((await call(server, 'GET', '/allproduts', null)).body as ProductWire[]).find((item) => item._id === id);
  const menuTopping = async (id: string) =>
    ((await call(server, 'GET', '/ingredients', null)).body as IngredientWire[]).find((item) => item._id === id);

  it('the menu carries null for a record not recorded, and the recorded lists as they are', async () => {
    expect((await menuProduct(menu.product('Hawaiian')))?.allergens).toBeNull();
    expect((await menuTopping(menu.topping('Mushrooms')))?.allergens).toBeNull();
    expect((await menuProduct(menu.product('Margherita')))?.allergens).toEqual(['gluten', 'milk']);
    const detail = await call(server, 'GET', `/allproduts/${menu.product('Hawaiian')}`, null);
    expect(detail.body.allergens).toBeNull();
  });

  it('a product or topping created without allergens is not recorded; an edit records a list, [] (none) and null again', async () => {
    const created = await call(server, 'POST', '/ingredients', admin, { ToopingName: 'Capers', category: 'Pizza', toopingPrice: 0.5 });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect((await menuTopping(id))?.allergens).toBeNull();
    const put = (allergens: unknown) =>
      call(server, 'PUT', `/ingredients/${id}`, admin, { ToopingName: 'Capers', category: 'Pizza', toopingPrice: 0.5, allergens });
    expect((await put(['sulphites'])).status).toBe(200);
    expect((await menuTopping(id))?.allergens).toEqual(['sulphites']);
    await put([]);
    expect((await menuTopping(id))?.allergens).toEqual([]);
    await put(null);
    expect((await menuTopping(id))?.allergens).toBeNull();

    const product = await call(server, 'POST', '/allproduts', admin, { title: 'Garlic bread', category: 'Sides', regularDiscount: 3.5 });
    expect(product.status).toBe(201);
    const productId = product.body.insertedId as string;
    expect((await menuProduct(productId))?.allergens).toBeNull();
    const edit = (fields: Record<string, unknown>) =>
      call(server, 'PUT', `/allproduts/${productId}`, admin, { title: 'Garlic bread', category: 'Sides', regularDiscount: 3.5, ...fields });
    expect((await edit({})).status).toBe(200);
    expect((await menuProduct(productId))?.allergens).toBeNull();
    await edit({ allergens: 'milk,gluten' });
    expect((await menuProduct(productId))?.allergens).toEqual(['gluten', 'milk']);
    await edit({ allergens: '' });
    expect((await menuProduct(productId))?.allergens).toEqual([]);
  });

  it('a quote line is null when its product, a topping or a deal choice is not recorded, and known otherwise', async () => {
    const margherita = menu.product('Margherita');
    const quote = await call(server, 'POST', '/cart/quote', customer, {
      items: [
        { productId: margherita, quantity: 1, size: 'm', crust: 'deep_pan', toppingIds: [] },
        { productId: margherita, quantity: 1, size: 'm', crust: 'deep_pan', toppingIds: [menu.topping('Mushrooms')] },
        { productId: menu.product('Hawaiian'), quantity: 1, size: 'm', crust: 'deep_pan', toppingIds: [] },
        {
          productId: menu.product('Pizza Pair'),
          quantity: 1,
          deal: {
            size: 'm',
            crust: 'deep_pan',
            items: [
              { slot: 0, productId: margherita },
              { slot: 0, productId: menu.product('Hawaiian') },
            ],
          },
        },
      ],
    });
    expect(quote.status).toBe(200);
    expect(quote.body.items.map((line: { allergens: unknown }) => line.allergens)).toEqual([['gluten', 'milk'], null, null, null]);
  });

  it('an order keeps each line’s allergens as known when placed (null if not), and its answers carry them', async () => {
    const margherita = menu.product('Margherita');
    const pepperoni = menu.topping('Pepperoni');
    const placed = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder(
        [
          { productId: margherita, quantity: 1, size: 'l', crust: 'stuffed_crust', toppingIds: [pepperoni] },
          { productId: menu.product('Hawaiian'), quantity: 1, size: 'm', crust: 'deep_pan', toppingIds: [] },
        ],
        addressId,
      ),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const known = combineAllergens(['gluten', 'milk'], (await menuTopping(pepperoni))?.allergens);
    const stored = (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0];
    expect(stored?.items.map((item) => item.allergens)).toEqual([known, null]);

    for (const who of [customer, admin]) {
      const order = await call(server, 'GET', `/buy-product/${id}`, who);
      expect(order.status).toBe(200);
      expect(order.body.items.map((item: { allergens: unknown }) => item.allergens)).toEqual([known, null]);
    }
    // Recording Hawaiian's allergens later does not rewrite what the order said when it was placed.
    await setHawaiian(['gluten', 'milk']);
    expect((await menuProduct(menu.product('Hawaiian')))?.allergens).toEqual(['gluten', 'milk']);
    const again = await call(server, 'GET', `/buy-product/${id}`, admin);
    expect(again.body.items[1].allergens).toBeNull();
    await setHawaiian(null);
  });
});
