import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/id';
import { orders } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call, orderHistory, readyToOrder } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

// Orders stay in the database while the code that wrote them changes. These rows are written as literal JSON, in
// the shapes earlier writers stored (packages/shared/src/contract/stored-order-items.ts), and read back through the
// API as any order is.
const MARGHERITA = '65f0a1b2c3d4e5f601234561';
const HAWAIIAN = '65f0a1b2c3d4e5f601234562';
const PIZZA_PAIR = '65f0a1b2c3d4e5f601234563';
const GARLIC_BREAD = '65f0a1b2c3d4e5f601234564';
const COKE = '65f0a1b2c3d4e5f601234565';
const PEPPERONI = '65f0a1b2c3d4e5f601234566';

/** As the first placement (21 Nov 2026) stored a line: every field, and the cart line as the client sent it. */
const PIZZA_AS_FIRST_STORED = {
  productId: MARGHERITA,
  title: 'Margherita',
  description: 'Tomato and mozzarella',
  category: 'Pizza',
  quantity: 2,
  size: 'l',
  sizeLabel: 'Large 13"',
  crust: 'stuffed_crust',
  crustLabel: 'Stuffed Crust',
  type: null,
  typeLabel: null,
  toopingNames: 'Pepperoni',
  toppingsPrice: 120,
  unitPrice: 1719,
  lineTotal: 3438,
  dealItems: [],
  line: { productId: MARGHERITA, quantity: 2, size: 'l', crust: 'stuffed_crust', toppingIds: [PEPPERONI] },
};

const DEAL_AS_FIRST_STORED = {
  productId: PIZZA_PAIR,
  title: 'Pizza Pair',
  description: 'Two medium pizzas',
  category: 'Deals',
  quantity: 1,
  size: 'm',
  sizeLabel: 'Medium 10"',
  crust: 'deep_pan',
  crustLabel: 'Deep Pan',
  type: null,
  typeLabel: null,
  toopingNames: '',
  toppingsPrice: 0,
  unitPrice: 1899,
  lineTotal: 1899,
  dealItems: ['Margherita', 'Hawaiian'],
  line: {
    productId: PIZZA_PAIR,
    quantity: 1,
    deal: {
      size: 'm',
      crust: 'deep_pan',
      items: [
        { slot: 0, productId: MARGHERITA },
        { slot: 0, productId: HAWAIIAN },
      ],
    },
  },
};

/** Since decision 0600 a spec order item is stored as the cart line it was read as: here a side, nothing chosen. */
const SPEC_ITEM_AS_STORED = {
  productId: GARLIC_BREAD,
  title: 'Garlic Bread',
  description: '',
  category: 'Sides',
  quantity: 3,
  size: null,
  sizeLabel: null,
  crust: null,
  crustLabel: null,
  type: null,
  typeLabel: null,
  toopingNames: '',
  toppingsPrice: 0,
  unitPrice: 399,
  lineTotal: 1197,
  dealItems: [],
  line: { productId: GARLIC_BREAD, quantity: 3 },
};

/** JSON.stringify drops a key whose value is undefined: a line with only the keys that had a value. */
const SPARSE_AS_STORED = {
  productId: COKE,
  title: 'Coca-Cola 330ml',
  category: 'Drinks',
  quantity: 1,
  unitPrice: 150,
  lineTotal: 150,
  line: { productId: COKE, quantity: 1 },
};

describe.each(testDatabases())('orders stored by older code, read on %s', (kind) => {
  let server: TestServer;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ customer } = await readyToOrder(server));
  });
  afterAll(async () => server.close());

  async function storeOrder(items: object[], totalPence: number): Promise<string> {
    const id = newId();
    await server.database.db.insert(orders).values({
      id,
      userId: customer.user.id,
      email: customer.user.email,
      items: items as Record<string, unknown>[],
      subtotal: totalPence,
      total: totalPence,
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'Pending Order',
      address: {
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        phone: '07700900456',
        address: '1 Compiler Close',
        address2: '',
        city: 'Bristol',
        postcode: 'BS1 4DJ',
      },
      date: '17/11/2026',
      time: '19:30',
      createdAt: new Date('2026-11-17T19:30:00Z'),
      placedAt: new Date('2026-11-17T19:30:00Z'),
    });
    return id;
  }

  it('reads every line as the customer’s order, the history and the back office show it', async () => {
    const id = await storeOrder([PIZZA_AS_FIRST_STORED, DEAL_AS_FIRST_STORED, SPEC_ITEM_AS_STORED, SPARSE_AS_STORED], 6684);
    const order = await call(server, 'GET', `/buy-product/${id}`, customer);
    expect(order.status).toBe(200);
    expect(order.body.items).toEqual([
      {
        id: MARGHERITA,
        title: 'Margherita',
        description: 'Tomato and mozzarella',
        category: 'Pizza',
        quantity: 2,
        size: 'l',
        sizeLabel: 'Large 13"',
        crust: 'stuffed_crust',
        crustLabel: 'Stuffed Crust',
        type: null,
        typeLabel: null,
        topping: 'Pepperoni',
        toppingsPrice: 1.2,
        price: 17.19,
        totalQuantityPrice: 34.38,
        dealItems: [],
        // Stored before lines kept their allergens: not recorded, never 'none' (decision 1004).
        allergens: null,
        line: PIZZA_AS_FIRST_STORED.line,
      },
      expect.objectContaining({
        title: 'Pizza Pair',
        dealItems: ['Margherita', 'Hawaiian'],
        price: 18.99,
        line: DEAL_AS_FIRST_STORED.line,
      }),
      expect.objectContaining({
        title: 'Garlic Bread',
        quantity: 3,
        size: null,
        crust: null,
        totalQuantityPrice: 11.97,
        line: { productId: GARLIC_BREAD, quantity: 3 },
      }),
      {
        id: COKE,
        title: 'Coca-Cola 330ml',
        description: '',
        category: 'Drinks',
        quantity: 1,
        size: null,
        sizeLabel: null,
        crust: null,
        crustLabel: null,
        type: null,
        typeLabel: null,
        topping: '',
        toppingsPrice: 0,
        price: 1.5,
        totalQuantityPrice: 1.5,
        dealItems: [],
        allergens: null,
        line: { productId: COKE, quantity: 1 },
      },
    ]);
    expect(order.body.quantity).toBe(7);

    const history = await orderHistory(server, customer);
    expect(history.find((listed) => listed._id === id)?.items).toEqual(order.body.items);
    const admin = await signInAs(server, { role: 'owner' });
    const shopList = await call(server, 'GET', '/buy-product', admin);
    expect(shopList.status).toBe(200);
    expect((shopList.body as Array<{ _id: string; items: unknown }>).find((listed) => listed._id === id)?.items).toEqual(order.body.items);
  });

  it('answers 500, not 400, for a row it cannot read (a line without its price): the shop’s fault, not the request’s', async () => {
    const { unitPrice: _unitPrice, ...unpriced } = SPARSE_AS_STORED;
    const id = await storeOrder([unpriced], 150);
    const order = await call(server, 'GET', `/buy-product/${id}`, customer);
    expect(order.status).toBe(500);
  });
});
