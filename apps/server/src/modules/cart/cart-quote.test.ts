import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';
import { loadMenu, type Menu } from '../../../test/order-fixtures';

describe.each(testDatabases())('POST /api/cart/quote on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  const p = (title: string) => menu.product(title);
  const t = (name: string) => menu.topping(name);

  const quote = async (body: unknown) => {
    const response = await fetch(`${server.url}/api/cart/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind });
    menu = await loadMenu(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('prices a customised pizza, boneless wings and a shake from the database, in pounds', async () => {
    const { status, body } = await quote({
      items: [
        { productId: p('Margherita'), quantity: 2, size: 'm', crust: 'stuffed_crust', toppingIds: [t('Pepperoni'), t('Mushrooms')] },
        { productId: p('Classic Chicken Wings'), quantity: 1, size: 'm', type: 'boneless' },
        // Only the first flavour is charged.
        { productId: p('Chocolate Shake'), quantity: 1, toppingIds: [t('Chocolate Flavour'), t('Caramel Flavour')] },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ subtotal: 43.95, total: 43.95, meetsMinimum: true, minimumOrder: 10 });
    expect(body.items).toMatchObject([
      {
        title: 'Margherita',
        quantity: 2,
        size: 'm',
        sizeLabel: 'Medium 10"',
        crust: 'stuffed_crust',
        toopingNames: 'Pepperoni, Mushrooms',
        totalToopingPrice: 2,
        price: 14.99,
        totalQuantityPrice: 29.98,
      },
      { title: 'Classic Chicken Wings', sizeLabel: '10 Pcs', type: 'boneless', price: 8.99, totalQuantityPrice: 8.99 },
      { title: 'Chocolate Shake', toopingNames: 'Chocolate Flavour, Caramel Flavour', totalToopingPrice: 0.99, price: 4.98 },
    ]);
  });

  it('prices complete deals: the crust chosen once per pizza, and Fussy Eaters extras', async () => {
    const { status, body } = await quote({
      items: [
        {
          productId: p('Pizza Pair'),
          quantity: 1,
          deal: {
            size: 'm',
            crust: 'stuffed_crust',
            items: [
              { slot: 0, productId: p('Margherita') },
              { slot: 0, productId: p('Hawaiian') },
            ],
          },
        },
        {
          productId: p('Fussy Eaters'),
          quantity: 1,
          deal: {
            items: ['Margherita', 'Hawaiian', 'Margherita', 'Vegan Margherita', 'Four Cheese'].map((title) => ({
              slot: 0,
              productId: p(title),
            })),
          },
        },
      ],
    });
    expect(status).toBe(200);
    // Pizza Pair medium £18.99 + 2 × £2.00 stuffed crust; Fussy Eaters £21.99 + one pizza beyond 4 at £4.99.
    expect(body.items).toMatchObject([{ price: 22.99, crust: 'stuffed_crust', size: 'm' }, { price: 26.98 }]);
    expect(body.total).toBe(49.97);
  });

  it('says when a cart is under the £10.00 minimum', async () => {
    const { body } = await quote({ items: [{ productId: p('Garlic Bread'), quantity: 2 }] });
    expect(body).toMatchObject({ total: 6.98, meetsMinimum: false, minimumOrder: 10 });
  });

  it('answers an empty cart with zero', async () => {
    const { status, body } = await quote({ items: [] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], total: 0, meetsMinimum: false });
  });

  it.each([
    ['a client price on a line', (line: Record<string, unknown>) => ({ items: [{ ...line, price: 0.01 }] }), /price/],
    ['a client total beside the items', (line: Record<string, unknown>) => ({ items: [line], total: 0.01 }), /total/],
    ['a negative quantity', (line: Record<string, unknown>) => ({ items: [{ ...line, quantity: -1 }] }), /quantity/],
    ['a zero quantity', (line: Record<string, unknown>) => ({ items: [{ ...line, quantity: 0 }] }), /quantity/],
    ['a fractional quantity', (line: Record<string, unknown>) => ({ items: [{ ...line, quantity: 1.5 }] }), /quantity/],
    ['a quantity over 99', (line: Record<string, unknown>) => ({ items: [{ ...line, quantity: 100 }] }), /quantity/],
    ['a malformed product id', (line: Record<string, unknown>) => ({ items: [{ ...line, productId: 'abc' }] }), /productId/],
    ['no items at all', () => ({}), /items/],
  ])('refuses %s with a 400 naming the field', async (_label, build, pattern) => {
    const { status, body } = await quote(build({ productId: p('Margherita'), quantity: 1 }));
    expect(status).toBe(400);
    expect(body.message).toMatch(pattern);
  });

  it.each([
    ['an unknown product', () => ({ productId: 'f'.repeat(24), quantity: 1 }), 'This item is no longer available', 'UNKNOWN_PRODUCT'],
    [
      'thin crust at the regular size',
      () => ({ productId: p('Margherita'), quantity: 1, size: 's', crust: 'thin_crust' }),
      'Thin Crust is not available in the Regular 7" size',
      'CRUST_NOT_AT_SIZE',
    ],
    [
      'a size that is not priced',
      () => ({ productId: p('Any 2 Large Pizzas'), quantity: 1, size: 'm' }),
      '"Any 2 Large Pizzas" is not available in Medium 10"',
      'SIZE_NOT_AVAILABLE',
    ],
    [
      'a pizza topping on a shake',
      () => ({ productId: p('Vanilla Shake'), quantity: 1, toppingIds: [t('Pepperoni')] }),
      '"Pepperoni" cannot be added to "Vanilla Shake"',
      'TOPPING_NOT_ALLOWED',
    ],
    [
      'an incomplete deal',
      () => ({ productId: p('Pizza Pair'), quantity: 1, deal: { size: 'm', items: [{ slot: 0, productId: p('Margherita') }] } }),
      'Please Select All Products!',
      'DEAL_INCOMPLETE',
    ],
    [
      'the wrong kind of drink in a deal (water where bottles are allowed)',
      () => ({
        productId: p('Meal for Two'),
        quantity: 1,
        deal: {
          size: 'm',
          items: [
            { slot: 0, productId: p('Margherita') },
            { slot: 0, productId: p('Hawaiian') },
            { slot: 1, productId: p('Garlic Bread') },
            { slot: 2, productId: p('Mega Wedges Box') },
            { slot: 3, productId: p('Chocolate Fudge Cake') },
            { slot: 4, productId: p('Buxton Still Water 500ml') },
          ],
        },
      }),
      '"Buxton Still Water 500ml" is not one of the drinks of this deal',
      'DEAL_ITEM_NOT_ALLOWED',
    ],
    [
      'a second drink in the single pack',
      () => ({
        productId: p('Single Pack'),
        quantity: 1,
        deal: {
          items: [
            { slot: 0, productId: p('Margherita') },
            { slot: 1, productId: p('Garlic Bread') },
            { slot: 2, productId: p('Sprite Can 330ml') },
            { slot: 2, productId: p('Diet Coke Can 330ml') },
          ],
        },
      }),
      'Choose a can: choose only 1',
      'DEAL_TOO_MANY',
    ],
  ])('refuses %s with the reason and the line index', async (_label, build, message, code) => {
    const { status, body } = await quote({ items: [{ productId: p('Garlic Bread'), quantity: 1 }, build()] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, message, code, lineIndex: 1 });
  });

  it('refuses a product deleted from the menu since it was put in the cart', async () => {
    const line = { productId: p('Onion Rings'), quantity: 1 };
    expect((await quote({ items: [line] })).status).toBe(200);
    const admin = await signInAs(server, { role: 'owner' });
    const deletion = await fetch(`${server.url}/api/allproduts/${line.productId}`, { method: 'DELETE', headers: { cookie: admin.cookie } });
    expect(deletion.status).toBe(200);
    const { status, body } = await quote({ items: [line] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'This item is no longer available', lineIndex: 0 });
  });
});
