// Test fixtures shared by the orders and payments suites: seeded menu ids, an address, and request helpers.
import type { CartLine } from '@shop/shared/contract/cart';
import { startTestServer, type TestDatabaseKind, type TestServer } from './harness';
import { signInAs, type SignedIn } from './sign-in';

export interface Menu {
  product(title: string): string;
  topping(name: string): string;
}

/** The seeded menu's ids, read from any shop's API: a TestServer, a shop process, nginx in front of them. */
export async function loadMenu(server: { url: string }): Promise<Menu> {
  const products = (await (await fetch(`${server.url}/api/allproduts`)).json()) as Array<{ _id: string; title: string }>;
  const toppings = (await (await fetch(`${server.url}/api/ingredients`)).json()) as Array<{ _id: string; ToopingName: string }>;
  const find = <T>(list: T[], pick: (item: T) => boolean, what: string, id: (item: T) => string) => {
    const item = list.find(pick);
    if (!item) throw new Error(`seed has no ${what}`);
    return id(item);
  };
  return {
    product: (title) =>
      find(
        products,
        (p) => p.title === title,
        title,
        (p) => p._id,
      ),
    topping: (name) =>
      find(
        toppings,
        (t) => t.ToopingName === name,
        name,
        (t) => t._id,
      ),
  };
}

/** A large Margherita with stuffed crust and pepperoni: £13.99 + £2.00 + £1.20 = £17.19. */
export function pizzaLine(menu: Menu, quantity = 1): CartLine {
  return { productId: menu.product('Margherita'), quantity, size: 'l', crust: 'stuffed_crust', toppingIds: [menu.topping('Pepperoni')] };
}

/** A medium Pizza Pair (Margherita and Hawaiian, deep pan): £18.99. */
export function dealLine(menu: Menu): CartLine {
  return {
    productId: menu.product('Pizza Pair'),
    quantity: 1,
    deal: {
      size: 'm',
      crust: 'deep_pan',
      items: [
        { slot: 0, productId: menu.product('Margherita') },
        { slot: 0, productId: menu.product('Hawaiian') },
      ],
    },
  };
}

export const PIZZA_AND_DEAL_TOTAL = 17.19 + 18.99;

export const ADDRESS = {
  firstname: 'Grace',
  lastname: 'Hopper',
  Email: 'grace@example.com',
  phone: '07700900456',
  address: '1 Compiler Close',
  address2: '',
  city: 'Bristol',
  postcode: 'BS1 4DJ',
};

// Answers are checked field by field by the assertions, so their bodies stay loosely typed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; headers: Headers; body: any };

export async function call(
  server: TestServer,
  method: string,
  path: string,
  who: SignedIn | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export async function addAddress(server: TestServer, who: SignedIn): Promise<string> {
  const answer = await call(server, 'POST', '/address-collection', who, ADDRESS);
  if (answer.status !== 201) throw new Error(`address not added: ${JSON.stringify(answer.body)}`);
  return answer.body.insertedId as string;
}

export function cashOrder(items: CartLine[], addressId: string, extra: Record<string, unknown> = {}) {
  return { items, paymentType: 'Cash', addressId, note: 'Ring the bell', ...extra };
}

/** The seeded menu and a signed-in customer with one address: where every ordering test starts. */
export async function readyToOrder(server: TestServer): Promise<{ menu: Menu; customer: SignedIn; addressId: string }> {
  const menu = await loadMenu(server);
  const customer = await signInAs(server);
  return { menu, customer, addressId: await addAddress(server, customer) };
}

/** A seeded test shop with a customer ready to order and an admin: where the order suites start. */
export interface OrderingShop {
  server: TestServer;
  menu: Menu;
  customer: SignedIn;
  addressId: string;
  admin: SignedIn;
}

/** Starts a seeded test server on `kind` (with `env`), the customer of {@link readyToOrder} and an admin. */
export async function startOrderingShop(kind: TestDatabaseKind, env: Record<string, string> = {}): Promise<OrderingShop> {
  const server = await startTestServer({ db: kind, seed: true, env });
  const ready = await readyToOrder(server);
  return { server, ...ready, admin: await signInAs(server, { role: 'owner' }) };
}

/** The shop's customer places a cash order of one pizza (201, else it throws), with `extra` in the body: its id. */
export async function placeCashOrder(shop: Omit<OrderingShop, 'admin'>, extra: Record<string, unknown> = {}): Promise<string> {
  const placed = await call(shop.server, 'POST', '/buy-product', shop.customer, cashOrder([pizzaLine(shop.menu)], shop.addressId, extra));
  if (placed.status !== 201) throw new Error(`cash order answered ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.insertedId as string;
}

/** The shop's customer pays a card order of one pizza with the test provider's 4242 card: the money held, its id. */
export async function placeHeldCardOrder(shop: Omit<OrderingShop, 'admin'>): Promise<string> {
  const { server, customer } = shop;
  const started = await call(server, 'POST', '/create-payment-intent', customer, {
    items: [pizzaLine(shop.menu)],
    addressId: shop.addressId,
    note: '',
  });
  if (started.status !== 200) throw new Error(`card order answered ${started.status} ${JSON.stringify(started.body)}`);
  const confirmed = await call(server, 'POST', '/test-payments/confirm', customer, {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
    exp: '12/30',
    cvc: '123',
  });
  if (confirmed.status !== 200) throw new Error(`card payment answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return started.body.orderId as string;
}

/** The customer's placed orders, as `GET /api/my-product-history/{email}` answers them. */
export async function orderHistory(server: TestServer, who: SignedIn): Promise<Array<Record<string, unknown>>> {
  return (await call(server, 'GET', `/my-product-history/${encodeURIComponent(who.user.email)}`, who)).body as Array<
    Record<string, unknown>
  >;
}
