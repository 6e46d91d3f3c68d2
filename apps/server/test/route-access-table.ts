// Who may call each route the server registers (docs/api.md), as one row per "METHOD /url". The access-control
// suite sends each row's request as each role and checks the status; a route the server registers without a row
// here fails that suite (and the malformed-input suite), so a new route cannot ship without saying who may call it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { SIGN_IN_OR_GUEST } from '../src/modules/orders/placement';
import { png } from './forms';
import { startTestServer, type TestDatabaseKind, type TestServer } from './harness';
import { ADDRESS, addAddress, call, cashOrder, loadMenu, pizzaLine, type Answer, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';
import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '@shop/shared/domain/roles';

/**
 * - visitor: no cookie.
 * - customer: a signed-in customer acting on their own things (their e-mail, their ids).
 * - otherCustomer: another signed-in customer sending the first customer's e-mail or ids.
 * - owner, manager, counter, kitchen, driver: a signed-in member of staff of that role (domain/roles.ts) sending the
 *   first customer's e-mail or ids.
 */
export const ROLES = ['visitor', 'customer', 'otherCustomer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** What the suite set up once: the server, three accounts, the menu, and the first customer's things. */
export interface AccessContext {
  server: TestServer;
  menu: Menu;
  /** The first customer, whose things every row names. */
  owner: SignedIn;
  other: SignedIn;
  /** The shop's owner (the staff role), who makes the things the rows change. */
  admin: SignedIn;
  /** A signed-in member of staff of each role (the owner's is `admin`). */
  staff: Record<StaffRole, SignedIn>;
  ownerAddressId: string;
  /** A placed cash order of the owner. */
  ownerOrderId: string;
  /** A stored image (a seeded product's). */
  imageId: string;
  /** The account a role acts as (null for the visitor). */
  actor(role: Role): SignedIn | null;
  /** A new session of the role's account, for routes that end or replace the session they are sent with. */
  freshSession(role: Role): Promise<SignedIn | null>;
  /** Made by the admin through the API, for routes that change or delete them. */
  newCategory(): Promise<string>;
  newProduct(): Promise<string>;
  newTopping(): Promise<string>;
  newBanner(): Promise<string>;
  /** A member of staff the owner invited, for the routes that change or remove one. */
  newStaffMember(): Promise<string>;
  /** A new cash order of the other customer (the first one's hourly limit is kept for the rows that need it), pending. */
  newPendingOrder(): Promise<string>;
  /** One card payment of the first customer left unconfirmed, for the rows that expect it refused: its client secret. */
  unconfirmedCardPayment(): Promise<string>;
  /** Made by the owner through the API. */
  newOwnerAddress(): Promise<string>;
  newOwnerFavourite(): Promise<string>;
  /** The owner's card order waiting for payment: its client secret. */
  newOwnerCardPayment(): Promise<string>;
  /** A unique suffix for names and e-mails. */
  unique(): string;
}

/** One request: the path (under the server's root, `/api/...` included) and what it carries. */
export interface AccessRequest {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The cookie to send instead of the role's usual session (see freshSession). */
  as?: SignedIn | null;
}

export interface AccessRow {
  /** The status each role gets. */
  expect: Record<Role, number>;
  /** Builds the request a role sends (called once per role, so each may use things made for it alone). */
  request(ctx: AccessContext, role: Role): Promise<AccessRequest> | AccessRequest;
  /** Why the row says what it says, when the status alone does not. */
  note?: string;
  /** What a visitor's 401 says, when not the guards' 'Please sign in…' (the order routes also offer ordering as a guest). */
  signedOutMessage?: string;
}

// --- who may call: the usual shapes ------------------------------------------------------------------------

/** Each staff role's status: `allowed` when the role holds the permission (domain `can`), else `refused`. */
function staffBy(permission: Permission, allowed: number, refused: number): Record<StaffRole, number> {
  return Object.fromEntries(STAFF_ROLES.map((role) => [role, can(role, permission) ? allowed : refused])) as Record<StaffRole, number>;
}
/** Every staff role gets this status. */
function everyStaff(status: number): Record<StaffRole, number> {
  return Object.fromEntries(STAFF_ROLES.map((role) => [role, status])) as Record<StaffRole, number>;
}

/** Anyone, signed in or not, gets this status. */
const anyone = (status = 200): Record<Role, number> => ({
  visitor: status,
  customer: status,
  otherCustomer: status,
  ...everyStaff(status),
});
/**
 * A back-office route: 401 signed out, 403 for a customer, and for each staff role `status` when it holds the
 * permission, 403 (ROLE_FORBIDDEN) when it does not.
 */
/** A 1 × 1 PNG, base64: the smallest picture the image checks take. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const withPermission = (permission: Permission, status = 200): Record<Role, number> => ({
  visitor: 401,
  customer: 403,
  otherCustomer: 403,
  ...staffBy(permission, status, 403),
});
/** Any signed-in user, acting on their own account. */
const signedIn = (status = 200): Record<Role, number> => ({ visitor: 401, customer: status, otherCustomer: status, ...everyStaff(status) });
/** Only the first customer, acting on their own things: anyone else signed in, staff included, gets `others`. */
const customerOnly = (status: number, others: number): Record<Role, number> => ({
  visitor: 401,
  customer: status,
  otherCustomer: others,
  ...everyStaff(others),
});
/** A path that names a user by e-mail: that user, or staff who see the board; someone else's e-mail is 403. */
const selfOrBoardByEmail = (status = 200): Record<Role, number> => ({
  visitor: 401,
  customer: status,
  otherCustomer: 403,
  ...staffBy('board', status, 403),
});
/** A record named by id: its owner, or staff who see the board; anyone else gets 404, as for a missing one. */
const ownerOrBoardById = (status = 200): Record<Role, number> => ({
  visitor: 401,
  customer: status,
  otherCustomer: 404,
  ...staffBy('board', status, 404),
});

const api = (path: string) => `/api${path}`;

/** An order's tracking token, as its placing answered it (read from the database the server writes). */
async function trackingTokenOf(ctx: AccessContext, orderId: string): Promise<string> {
  const [row] = await ctx.server.database.db.select({ token: orders.trackingToken }).from(orders).where(eq(orders.id, orderId));
  if (!row?.token) throw new Error(`order ${orderId} has no tracking token`);
  return row.token;
}
const enc = encodeURIComponent;

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** A card the owner saved paying a card order (the test provider keeps it): its id. */
async function newOwnerSavedCard(ctx: AccessContext): Promise<string> {
  expectStatus(
    await call(ctx.server, 'POST', '/test-payments/confirm', ctx.owner, {
      clientSecret: await ctx.newOwnerCardPayment(),
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
      saveCard: true,
    }),
    200,
    'the owner’s card payment, saving the card',
  );
  const cards = expectStatus(await call(ctx.server, 'GET', '/payment-methods', ctx.owner), 200, 'the owner’s saved cards').body as Array<{
    id: string;
  }>;
  if (!cards[0]) throw new Error('the owner’s card was not saved');
  return cards[0].id;
}
const ownerSavedCards = new WeakMap<AccessContext, Promise<string>>();

async function adminCreates(ctx: Pick<AccessContext, 'server' | 'admin'>, path: string, body: unknown, what: string): Promise<string> {
  return expectStatus(await call(ctx.server, 'POST', path, ctx.admin, body), 201, what).body.insertedId as string;
}

/** A delivery zone code no request of the suite has used yet: the sectors YO1 0 to YO60 9. */
let zoneCodes = 0;
function nextZoneCode(): string {
  const n = zoneCodes++;
  return `YO${1 + (n % 60)} ${Math.floor(n / 60) % 10}`;
}

async function newDeliveryZone(ctx: Pick<AccessContext, 'server' | 'admin'>): Promise<string> {
  const answer = await call(ctx.server, 'POST', '/delivery-zones', ctx.admin, { code: nextZoneCode(), fee: 1 });
  return expectStatus(answer, 201, 'delivery zone').body._id as string;
}

/** A day of January 2026 no shift request of the suite has used yet. */
let shiftDays = 0;
function nextShiftDate(): string {
  shiftDays += 1;
  return new Date(Date.UTC(2026, 0, shiftDays)).toISOString().slice(0, 10);
}

/** A shift of the seeded driver the admin opened, for the routes that close one. */
async function newDriverShift(ctx: Pick<AccessContext, 'server' | 'admin' | 'staff'>): Promise<string> {
  const answer = await call(ctx.server, 'POST', '/driver-shifts', ctx.admin, {
    driverId: ctx.staff.driver.user.id,
    date: nextShiftDate(),
    float: 20,
  });
  return (expectStatus(answer, 201, 'driver shift').body as { shift: { id: string } }).shift.id;
}

/** A promotion made by the admin, under a code no other request has used, for the routes that act on one. */
let promotionCodes = 0;
function nextPromotion(): Record<string, unknown> {
  promotionCodes += 1;
  return { name: 'Access test', code: `ACCESS${promotionCodes}`, kind: 'percent', value: 10 };
}

// The shop's own drivers (decision 1700): a delivery accepted for a row, and one on a driver's run.
async function newAcceptedDelivery(ctx: AccessContext): Promise<string> {
  // A customer of its own each time: the rows need many orders, and one customer's hourly limit is the other rows'.
  const customer = await signInAs(ctx.server);
  const addressId = await addAddress(ctx.server, customer);
  const placed = expectStatus(
    await call(ctx.server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(ctx.menu)], addressId)),
    201,
    'order',
  );
  const id = placed.body.insertedId as string;
  expectStatus(await call(ctx.server, 'PUT', `/update-sell-products/${id}`, ctx.admin, { status: 'Approved Order' }), 200, 'accepting');
  return id;
}

async function onRunOf(
  ctx: AccessContext,
  driver: SignedIn | null,
  pickedUp: boolean,
): Promise<{ orderId: string; runId: string; stops: string[] }> {
  if (!driver) throw new Error('a run needs a driver');
  const orderId = await newAcceptedDelivery(ctx);
  const run = expectStatus(
    await call(ctx.server, 'POST', `/orders/${orderId}/assign`, ctx.admin, { driverId: driver.user.id }),
    200,
    'assigning',
  ).body.run as { id: string; stops: Array<{ orderId: string }> };
  if (pickedUp) expectStatus(await call(ctx.server, 'POST', `/driver/orders/${orderId}/picked-up`, driver), 200, 'picking up');
  return { orderId, runId: run.id, stops: run.stops.map((stop) => stop.orderId) };
}

async function newPromotion(ctx: Pick<AccessContext, 'server' | 'admin'>): Promise<string> {
  const answer = await call(ctx.server, 'POST', '/promotions', ctx.admin, nextPromotion());
  return expectStatus(answer, 201, 'promotion').body._id as string;
}

/** A CloudPRNT printer made by the admin (it knocks on nothing), for the routes that act on one. */
async function newPrinter(ctx: AccessContext): Promise<string> {
  const answer = await call(ctx.server, 'POST', '/printers', ctx.admin, {
    name: `Printer ${ctx.unique()}`,
    connection: { kind: 'cloudprnt' },
  });
  return expectStatus(answer, 201, 'printer').body.id as string;
}

/** A new CloudPRNT printer's secret, the last part of its server URL. */
async function newPrinterSecret(ctx: AccessContext): Promise<string> {
  const answer = await call(ctx.server, 'POST', '/printers', ctx.admin, {
    name: `Printer ${ctx.unique()}`,
    connection: { kind: 'cloudprnt' },
  });
  return String(expectStatus(answer, 201, 'printer').body.connection.serverUrl)
    .split('/')
    .pop() as string;
}

function productBody(title: string) {
  return {
    title,
    category: 'Sides',
    description: 'Access-control test',
    regularDiscount: 2.5,
    mediumDiscount: '',
    largeDiscount: '',
    extraLargeDiscount: '',
  };
}

async function pngBase64(): Promise<string> {
  return (await png(8, 8)).toString('base64');
}

/** What a signed-in user's account-changing route needs: the current password and the account as it is. */
function profileBody(who: SignedIn | null) {
  return who
    ? { username: who.user.username, email: who.user.email, password: who.password }
    : { username: 'Nobody', email: 'nobody@example.com', password: 'whatever-it-is' };
}

// --- the table ---------------------------------------------------------------------------------------------

const catalogueWrite = (status: number) => withPermission('menu', status);

export const ACCESS_TABLE: Record<string, AccessRow> = {
  // The single-page app: its index and its files are public.
  'GET /': { expect: anyone(), request: () => ({ path: '/' }) },
  'GET /*': { expect: anyone(), request: () => ({ path: '/assets/app.js' }) },
  // What search engines read (decision 1100): public.
  'GET /robots.txt': { expect: anyone(), request: () => ({ path: '/robots.txt' }) },
  'GET /sitemap.xml': { expect: anyone(), request: () => ({ path: '/sitemap.xml' }) },
  // The web app manifest with the shop's name (decision 1101): public.
  'GET /manifest.webmanifest': { expect: anyone(), request: () => ({ path: '/manifest.webmanifest' }) },

  // The API reference (decision 0004): the OpenAPI document and swagger-ui's page, document and files, public.
  'GET /api/openapi.json': { expect: anyone(), request: () => ({ path: api('/openapi.json') }) },
  'GET /api/docs': { expect: anyone(), request: () => ({ path: api('/docs') }) },
  'GET /api/docs/json': { expect: anyone(), request: () => ({ path: api('/docs/json') }) },
  'GET /api/docs/yaml': { expect: anyone(), request: () => ({ path: api('/docs/yaml') }) },
  'GET /api/docs/static/*': { expect: anyone(), request: () => ({ path: api('/docs/static/swagger-ui.css') }) },
  'GET /api/docs/static/index.html': {
    expect: anyone(302),
    request: () => ({ path: api('/docs/static/index.html') }),
    note: 'swagger-ui sends its old address to /api/docs',
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: anyone(),
    request: () => ({ path: api('/docs/static/swagger-initializer.js') }),
  },

  // System
  'GET /api/health': { expect: anyone(), request: () => ({ path: api('/health') }) },
  'GET /api/images/:id': { expect: anyone(), request: (ctx) => ({ path: api(`/images/${ctx.imageId}`) }) },
  'GET /api/opening-status': { expect: anyone(), request: () => ({ path: api('/opening-status') }) },
  'GET /api/order-slots': { expect: anyone(), request: () => ({ path: api('/order-slots') }) },
  'GET /api/payment-config': { expect: anyone(), request: () => ({ path: api('/payment-config') }) },

  // Catalogue: reads public, writes admins'.
  'GET /api/allcategori': { expect: anyone(), request: () => ({ path: api('/allcategori') }) },
  'GET /api/allcategori/:id': { expect: anyone(), request: async (ctx) => ({ path: api(`/allcategori/${await ctx.newCategory()}`) }) },
  'GET /api/allproduts': { expect: anyone(), request: () => ({ path: api('/allproduts') }) },
  'GET /api/allproduts/:id': { expect: anyone(), request: (ctx) => ({ path: api(`/allproduts/${ctx.menu.product('Margherita')}`) }) },
  'GET /api/products/:categoriName': { expect: anyone(), request: () => ({ path: api('/products/Pizza') }) },
  'GET /api/ingredients': { expect: anyone(), request: () => ({ path: api('/ingredients') }) },
  'GET /api/banners': { expect: anyone(), request: () => ({ path: api('/banners') }) },
  'POST /api/allcategori': {
    expect: catalogueWrite(201),
    request: (ctx) => ({ path: api('/allcategori'), body: { categoriName: `Access ${ctx.unique()}`, order: 9 } }),
  },
  'PUT /api/allcategori/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({ path: api(`/allcategori/${await ctx.newCategory()}`), body: { categoriName: `Renamed ${ctx.unique()}` } }),
  },
  'DELETE /api/allcategori/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({ path: api(`/allcategori/${await ctx.newCategory()}`) }),
  },
  'POST /api/allproduts': {
    expect: catalogueWrite(201),
    request: (ctx) => ({ path: api('/allproduts'), body: productBody(`Access ${ctx.unique()}`) }),
  },
  'PUT /api/allproduts/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({ path: api(`/allproduts/${await ctx.newProduct()}`), body: productBody(`Renamed ${ctx.unique()}`) }),
  },
  'DELETE /api/allproduts/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({ path: api(`/allproduts/${await ctx.newProduct()}`) }),
  },
  'PUT /api/allproduts/:id/availability': {
    expect: withPermission('soldOut'),
    request: async (ctx) => ({ path: api(`/allproduts/${await ctx.newProduct()}/availability`), body: { soldOut: true } }),
  },
  'POST /api/ingredients': {
    expect: catalogueWrite(201),
    request: (ctx) => ({
      path: api('/ingredients'),
      body: { ToopingName: `Access ${ctx.unique()}`, category: 'Pizza', toopingPrice: 0.5 },
    }),
  },
  'PUT /api/ingredients/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({
      path: api(`/ingredients/${await ctx.newTopping()}`),
      body: { ToopingName: `Access ${ctx.unique()}`, category: 'Pizza', toopingPrice: 0.6, allergens: ['milk'] },
    }),
  },
  'DELETE /api/ingredients/:id': {
    expect: catalogueWrite(200),
    request: async (ctx) => ({ path: api(`/ingredients/${await ctx.newTopping()}`) }),
  },
  'PUT /api/ingredients/:id/availability': {
    expect: withPermission('soldOut'),
    request: async (ctx) => ({
      path: api(`/ingredients/${await ctx.newTopping()}/availability`),
      body: { soldOut: true, until: 'turned-back-on' },
    }),
  },
  'POST /api/addbanner': {
    expect: catalogueWrite(201),
    request: async () => ({ path: api('/addbanner'), body: { file: await pngBase64() } }),
  },
  'DELETE /api/banners/:id': { expect: catalogueWrite(200), request: async (ctx) => ({ path: api(`/banners/${await ctx.newBanner()}`) }) },

  // Accounts. Register, login and logout replace or end the session they are sent with: each gets a new one.
  'POST /api/register': {
    expect: anyone(201),
    request: async (ctx, role) => ({
      path: api('/register'),
      as: await ctx.freshSession(role),
      body: { username: 'New', email: `new-${ctx.unique()}@example.com`, password: 'a-long-password' },
    }),
  },
  'POST /api/register/': {
    expect: anyone(201),
    request: async (ctx, role) => ({
      path: api('/register/'),
      as: await ctx.freshSession(role),
      body: { username: 'New', email: `new-${ctx.unique()}@example.com`, password: 'a-long-password' },
    }),
  },
  'POST /api/login': {
    expect: anyone(),
    note: "signs in as the owner (with the owner's password) whoever sends it: the password is the credential",
    request: async (ctx, role) => ({
      path: api('/login'),
      as: await ctx.freshSession(role),
      body: { email: ctx.owner.user.email, password: ctx.owner.password },
    }),
  },
  'POST /api/login/': {
    expect: anyone(),
    request: async (ctx, role) => ({
      path: api('/login/'),
      as: await ctx.freshSession(role),
      body: { email: ctx.owner.user.email, password: ctx.owner.password },
    }),
  },
  'POST /api/logout': { expect: anyone(), request: async (ctx, role) => ({ path: api('/logout'), as: await ctx.freshSession(role) }) },
  // Signed out: 200 {user: null} (decision 0105).
  'GET /api/session': { expect: anyone(), request: () => ({ path: api('/session') }) },
  'GET /api/alluser/:email': { expect: selfOrBoardByEmail(), request: (ctx) => ({ path: api(`/alluser/${enc(ctx.owner.user.email)}`) }) },
  'PUT /api/profile': {
    expect: signedIn(),
    note: "always the signed-in user's own profile, confirmed with their current password",
    request: (ctx, role) => ({ path: api('/profile'), body: profileBody(ctx.actor(role)) }),
  },
  'POST /api/profile/confirm-email': {
    // No e-mail change is waiting for any of them: a signed-in caller is told the code is not valid.
    expect: signedIn(400),
    note: "the code mailed to the new address of the signed-in user's own pending e-mail change (decision 0705)",
    request: () => ({ path: api('/profile/confirm-email'), body: { code: 'ABCD' } }),
  },
  'POST /api/profile/verify-email': {
    expect: signedIn(),
    note: "mails a code to the signed-in user's own e-mail (none of the suite's accounts is verified)",
    request: () => ({ path: api('/profile/verify-email') }),
  },
  'POST /api/profile/verify-email/confirm': {
    // '1' is not in the codes' alphabet: never the right code, so a signed-in caller is told the code is not valid.
    expect: signedIn(400),
    note: "the code mailed to the signed-in user's own e-mail",
    request: () => ({ path: api('/profile/verify-email/confirm'), body: { code: 'ABC1' } }),
  },
  // The customer's own data (decision 1002): always the signed-in user's own.
  'GET /api/profile/data': {
    expect: signedIn(),
    note: "always the signed-in user's own data",
    request: () => ({ path: api('/profile/data') }),
  },
  'POST /api/profile/delete': {
    // No password, so the suite's accounts live on: refused as a malformed body once signed in.
    expect: signedIn(400),
    note: "always the signed-in user's own account, confirmed with its password (account-data.test.ts deletes, and refuses a wrong password and an admin)",
    request: () => ({ path: api('/profile/delete'), body: { password: '' } }),
  },
  'POST /api/forgot-password': {
    expect: anyone(),
    request: (ctx) => ({ path: api('/forgot-password'), body: { email: ctx.owner.user.email } }),
  },
  'POST /api/forgot-password/': {
    expect: anyone(),
    request: (ctx) => ({ path: api('/forgot-password/'), body: { email: ctx.owner.user.email } }),
  },
  'POST /api/change-password': {
    expect: anyone(400),
    note: 'the mailed code is the credential: a wrong one is 400 whatever the session (otp.test.ts uses real codes)',
    request: (ctx) => ({
      path: api('/change-password'),
      body: { email: ctx.owner.user.email, otp: 'ZZZZ', password: 'a-new-long-password' },
    }),
  },
  'POST /api/change-password/': {
    expect: anyone(400),
    request: (ctx) => ({
      path: api('/change-password/'),
      body: { email: ctx.owner.user.email, otp: 'ZZZZ', password: 'a-new-long-password' },
    }),
  },
  // The development outbox holds invitation links (an owner's among them): the owner's only.
  'GET /api/dev/outbox': { expect: withPermission('staff'), request: () => ({ path: api('/dev/outbox') }) },

  // The team (decision 1401): the owner's; the invitation's link is its own credential, and a wrong one is 404.
  'GET /api/staff': { expect: withPermission('staff'), request: () => ({ path: api('/staff') }) },
  'POST /api/staff': {
    expect: withPermission('staff', 201),
    request: (ctx) => ({ path: api('/staff'), body: { email: `staff-${ctx.unique()}@example.com`, name: 'New Member', role: 'kitchen' } }),
  },
  'PUT /api/staff/:id': {
    expect: withPermission('staff'),
    request: async (ctx) => ({ path: api(`/staff/${await ctx.newStaffMember()}`), body: { role: 'counter' } }),
  },
  'DELETE /api/staff/:id': {
    expect: withPermission('staff', 204),
    request: async (ctx) => ({ path: api(`/staff/${await ctx.newStaffMember()}`) }),
  },
  'GET /api/staff-invites/:token': {
    expect: anyone(404),
    note: 'the token is the credential, whatever the session (staff.test.ts uses real links)',
    request: () => ({ path: api(`/staff-invites/${'x'.repeat(43)}`) }),
  },
  'POST /api/staff-invites/:token': {
    expect: anyone(404),
    request: () => ({ path: api(`/staff-invites/${'x'.repeat(43)}`), body: { password: 'a-long-password-9' } }),
  },

  // Cart and favourites
  'POST /api/cart/quote': { expect: anyone(), request: (ctx) => ({ path: api('/cart/quote'), body: { items: [pizzaLine(ctx.menu)] } }) },
  'GET /api/favouritelist/:email': {
    expect: selfOrBoardByEmail(),
    request: (ctx) => ({ path: api(`/favouritelist/${enc(ctx.owner.user.email)}`) }),
  },
  'POST /api/favouritelist': {
    expect: customerOnly(200, 403),
    note: "the body names the owner's e-mail: only the owner may add to their list, staff included",
    request: (ctx) => ({ path: api('/favouritelist'), body: { id: ctx.menu.product('Hawaiian'), email: ctx.owner.user.email } }),
  },
  'DELETE /api/favouritelist/:id': {
    expect: customerOnly(200, 404),
    note: "only the favourite's owner: anyone else, staff included, gets 404 as for a missing one",
    request: async (ctx) => ({ path: api(`/favouritelist/${await ctx.newOwnerFavourite()}`) }),
  },

  // The stamp card: each account's own
  'GET /api/loyalty': { expect: signedIn(), request: () => ({ path: api('/loyalty') }) },

  // Addresses
  'POST /api/address-collection': { expect: signedIn(201), request: () => ({ path: api('/address-collection'), body: ADDRESS }) },
  'GET /api/address-collection/:id': {
    expect: ownerOrBoardById(),
    request: (ctx) => ({ path: api(`/address-collection/${ctx.ownerAddressId}`) }),
  },
  'PUT /api/address-collection/:id': {
    expect: ownerOrBoardById(),
    request: async (ctx) => ({ path: api(`/address-collection/${await ctx.newOwnerAddress()}`), body: { city: `Bath ${ctx.unique()}` } }),
  },
  'DELETE /api/address-collection/:id': {
    expect: ownerOrBoardById(),
    request: async (ctx) => ({ path: api(`/address-collection/${await ctx.newOwnerAddress()}`) }),
  },
  'GET /api/get-address-by-email/:email': {
    expect: selfOrBoardByEmail(),
    request: (ctx) => ({ path: api(`/get-address-by-email/${enc(ctx.owner.user.email)}`) }),
  },

  // Orders and payments
  'POST /api/buy-product': {
    expect: customerOnly(201, 404),
    signedOutMessage: SIGN_IN_OR_GUEST,
    note: "to the owner's address: an order goes only to the orderer's own address, staff included (404 Address not found)",
    request: (ctx) => ({ path: api('/buy-product'), body: cashOrder([pizzaLine(ctx.menu)], ctx.ownerAddressId) }),
  },
  'GET /api/buy-product': { expect: withPermission('board'), request: () => ({ path: api('/buy-product') }) },
  'GET /api/buy-product/:id': { expect: ownerOrBoardById(), request: (ctx) => ({ path: api(`/buy-product/${ctx.ownerOrderId}`) }) },
  'GET /api/receipts/:id': { expect: ownerOrBoardById(), request: (ctx) => ({ path: api(`/receipts/${ctx.ownerOrderId}`) }) },
  'PUT /api/update-sell-products/:id': {
    expect: withPermission('acceptReject'),
    note: 'accepts a new order of its own (moving an accepted one on is orderStatus: staff.test.ts)',
    request: async (ctx, role) => ({
      path: api(`/update-sell-products/${can(role, 'board') ? await ctx.newPendingOrder() : ctx.ownerOrderId}`),
      body: { status: 'Approved Order' },
    }),
  },
  'POST /api/orders/:id/refunds': {
    expect: withPermission('refund', 201),
    note: "£1.00 of a card order of the owner that the shop accepted (its money captured), within the counter's limit",
    request: async (ctx, role) => {
      if (!can(role, 'refund')) return { path: api(`/orders/${ctx.ownerOrderId}/refunds`), body: { amount: 1, reason: 'Access test' } };
      const paid = expectStatus(
        await call(ctx.server, 'POST', '/test-payments/confirm', ctx.owner, {
          clientSecret: await ctx.newOwnerCardPayment(),
          cardNumber: '4242424242424242',
          exp: '12/30',
          cvc: '123',
        }),
        200,
        'the owner’s card payment',
      ).body.orderId as string;
      expectStatus(
        await call(ctx.server, 'PUT', `/update-sell-products/${paid}`, ctx.admin, { status: 'Approved Order' }),
        200,
        'the card order accepted',
      );
      return { path: api(`/orders/${paid}/refunds`), body: { amount: 1, reason: 'Access test' } };
    },
  },
  'POST /api/create-payment-intent': {
    expect: customerOnly(200, 404),
    signedOutMessage: SIGN_IN_OR_GUEST,
    note: "to the owner's address, as for cash orders",
    request: (ctx) => ({
      path: api('/create-payment-intent'),
      body: { items: [pizzaLine(ctx.menu)], addressId: ctx.ownerAddressId, note: '' },
    }),
  },
  'POST /api/test-payments/confirm': {
    expect: { ...customerOnly(200, 404), visitor: 404 },
    note: "only an account's payment's own customer may confirm it; anyone else, staff or a visitor, gets 404 as for a forged secret (a guest's payment is confirmed by its secret alone: guest-orders.test.ts)",
    request: async (ctx, role) => ({
      path: api('/test-payments/confirm'),
      body: {
        clientSecret: await (role === 'customer' ? ctx.newOwnerCardPayment() : ctx.unconfirmedCardPayment()),
        cardNumber: '4242424242424242',
        exp: '12/30',
        cvc: '123',
      },
    }),
  },
  'GET /api/payment-methods': {
    expect: signedIn(),
    note: 'the signed-in account’s own saved cards (none for most): nobody names another’s',
    request: () => ({ path: api('/payment-methods') }),
  },
  'DELETE /api/payment-methods/:id': {
    expect: customerOnly(200, 404),
    note: "one of the owner's saved cards: only the owner may remove it; anyone else, staff included, gets 404 as for a missing one",
    request: async (ctx, role) => {
      if (role === 'customer') return { path: api(`/payment-methods/${await newOwnerSavedCard(ctx)}`) };
      let card = ownerSavedCards.get(ctx);
      if (!card) {
        card = newOwnerSavedCard(ctx);
        ownerSavedCards.set(ctx, card);
      }
      return { path: api(`/payment-methods/${await card}`) };
    },
  },
  'GET /api/track/:token': {
    expect: anyone(200),
    note: "the owner's order by its tracking link: whoever holds the link sees it, and nothing else",
    request: async (ctx) => ({ path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}`) }),
  },
  'GET /api/track/:token/payment': {
    expect: anyone(409),
    note: "the owner's cash order waits for no card payment (409 ORDER_ALREADY_PAID); a payment link's is paid there (staff-orders.test.ts)",
    request: async (ctx) => ({ path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}/payment`) }),
  },
  'GET /api/staff/customers': {
    expect: withPermission('takeOrders'),
    request: () => ({ path: api('/staff/customers?phone=07700%20900123') }),
  },
  'POST /api/staff/orders': {
    expect: withPermission('takeOrders', 201),
    note: 'a counter order for collection, paid in cash when collected',
    request: (ctx) => ({
      path: api('/staff/orders'),
      body: {
        channel: 'counter',
        customer: { name: 'Walk In', phone: '07700 900999' },
        fulfilment: 'collection',
        items: [pizzaLine(ctx.menu)],
        payment: 'cash',
      },
    }),
  },
  'POST /api/stripe/webhook': {
    expect: anyone(404),
    note: "Stripe's, signed with STRIPE_WEBHOOK_SECRET; in test mode there is none (404), whatever the session (payments.test.ts checks signatures)",
    request: () => ({ path: api('/stripe/webhook'), body: { id: 'evt_1', type: 'payment_intent.succeeded' } }),
  },
  'GET /api/my-product-history/:email': {
    expect: selfOrBoardByEmail(),
    request: (ctx) => ({ path: api(`/my-product-history/${enc(ctx.owner.user.email)}`) }),
  },
  'GET /api/my-product/:email': {
    expect: selfOrBoardByEmail(),
    request: (ctx) => ({ path: api(`/my-product/${enc(ctx.owner.user.email)}`) }),
  },
  'GET /api/admin/summary': { expect: withPermission('reports'), request: () => ({ path: api('/admin/summary') }) },
  'GET /api/audit-log': { expect: withPermission('auditLog'), request: () => ({ path: api('/audit-log') }) },
  'GET /api/reports/tips': { expect: withPermission('reports'), request: () => ({ path: api('/reports/tips') }) },

  // Settings
  'GET /api/shop-settings': { expect: withPermission('board'), request: () => ({ path: api('/shop-settings') }) },
  'PUT /api/shop-settings': {
    expect: withPermission('settings'),
    note: 'without counterRefundLimit, which needs paymentSettings (staff.test.ts)',
    request: () => ({ path: api('/shop-settings'), body: { lateAfterMinutes: 5 } }),
  },
  'GET /api/shop-trader': { expect: anyone(), request: () => ({ path: api('/shop-trader') }) },
  // The tipping policy (decision 1602): everyone reads it; the owner alone writes it.
  'GET /api/tipping-policy': { expect: anyone(), request: () => ({ path: api('/tipping-policy') }) },
  'PUT /api/tipping-policy': {
    expect: withPermission('paymentSettings'),
    request: () => ({ path: api('/tipping-policy'), body: { policy: 'All tips go to the driver, in full.' } }),
  },
  // The opening hours (decision 1400): everyone reads them; the owner and the manager save the spec's again.
  'GET /api/opening-hours': { expect: anyone(), request: () => ({ path: api('/opening-hours') }) },
  'PUT /api/opening-hours': {
    expect: withPermission('settings'),
    request: () => ({ path: api('/opening-hours'), body: DEFAULT_OPENING_HOURS }),
  },
  // Busy mode and the pause (decision 0802): turning busy mode off leaves the shop taking orders for the other rows.
  'PUT /api/shop-status': {
    expect: withPermission('shopStatus'),
    request: () => ({ path: api('/shop-status'), body: { busy: null } }),
  },

  // Delivery zones (decision 1001): each request names a sector no other has; PUT and DELETE act on a zone made for them.
  'GET /api/delivery-zones': { expect: withPermission('settings'), request: () => ({ path: api('/delivery-zones') }) },
  'POST /api/delivery-zones': {
    expect: withPermission('settings', 201),
    request: () => ({ path: api('/delivery-zones'), body: { code: nextZoneCode(), fee: 1 } }),
  },
  'PUT /api/delivery-zones/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/delivery-zones/${await newDeliveryZone(ctx)}`), body: { fee: 2 } }),
  },
  'DELETE /api/delivery-zones/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/delivery-zones/${await newDeliveryZone(ctx)}`) }),
  },
  // Promotions (decision 1600): each POST names a code no other has; PUT and DELETE act on a promotion made for them.
  'GET /api/promotions': { expect: withPermission('settings'), request: () => ({ path: api('/promotions') }) },
  'POST /api/promotions': {
    expect: withPermission('settings', 201),
    request: () => ({ path: api('/promotions'), body: nextPromotion() }),
  },
  'PUT /api/promotions/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/promotions/${await newPromotion(ctx)}`), body: nextPromotion() }),
  },
  'DELETE /api/promotions/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/promotions/${await newPromotion(ctx)}`) }),
  },
  // The shop's own drivers (decision 1700): dispatch, the kitchen's "ready", and the driver's own orders; a role
  // without the permission names the owner's order (refused before it is read).
  'GET /api/dispatch': { expect: withPermission('dispatch'), request: () => ({ path: api('/dispatch') }) },
  'POST /api/orders/:id/assign': {
    expect: withPermission('dispatch'),
    note: 'an accepted delivery of its own, onto the driver’s open run',
    request: async (ctx, role) => ({
      path: api(`/orders/${can(role, 'dispatch') ? await newAcceptedDelivery(ctx) : ctx.ownerOrderId}/assign`),
      body: { driverId: ctx.staff.driver.user.id },
    }),
  },
  'DELETE /api/orders/:id/assign': {
    expect: withPermission('dispatch'),
    request: async (ctx, role) => ({
      path: api(`/orders/${can(role, 'dispatch') ? (await onRunOf(ctx, ctx.staff.driver, false)).orderId : ctx.ownerOrderId}/assign`),
    }),
  },
  'PUT /api/runs/:id/order': {
    expect: withPermission('dispatch'),
    note: 'the driver’s open run, its stops reversed',
    request: async (ctx, role) => {
      if (!can(role, 'dispatch')) return { path: api('/runs/0123456789abcdef01234567/order'), body: { orderIds: [ctx.ownerOrderId] } };
      const { runId, stops } = await onRunOf(ctx, ctx.staff.driver, false);
      return { path: api(`/runs/${runId}/order`), body: { orderIds: [...stops].reverse() } };
    },
  },
  'POST /api/orders/:id/ready': {
    expect: withPermission('orderStatus'),
    request: async (ctx, role) => ({
      path: api(`/orders/${can(role, 'orderStatus') ? await newAcceptedDelivery(ctx) : ctx.ownerOrderId}/ready`),
    }),
  },
  'GET /api/driver/runs': { expect: withPermission('ownDeliveries'), request: () => ({ path: api('/driver/runs') }) },
  'POST /api/driver/orders/:id/picked-up': {
    expect: withPermission('ownDeliveries'),
    note: 'an order on the acting member of staff’s own run (another’s answers 404: dispatch.test.ts)',
    request: async (ctx, role) => ({
      path: api(
        `/driver/orders/${can(role, 'ownDeliveries') ? (await onRunOf(ctx, ctx.actor(role), false)).orderId : ctx.ownerOrderId}/picked-up`,
      ),
    }),
  },
  'POST /api/driver/orders/:id/delivered': {
    expect: withPermission('ownDeliveries'),
    note: 'a cash order picked up from the acting member of staff’s own run, with the cash collected',
    request: async (ctx, role) => ({
      path: api(
        `/driver/orders/${can(role, 'ownDeliveries') ? (await onRunOf(ctx, ctx.actor(role), true)).orderId : ctx.ownerOrderId}/delivered`,
      ),
      body: { cashCollected: 17.19 },
    }),
  },
  'POST /api/driver/orders/:id/photo': {
    expect: withPermission('ownDeliveries'),
    note: 'a photo of an order picked up from the acting member of staff’s own run',
    request: async (ctx, role) => ({
      path: api(
        `/driver/orders/${can(role, 'ownDeliveries') ? (await onRunOf(ctx, ctx.actor(role), true)).orderId : ctx.ownerOrderId}/photo`,
      ),
      body: { file: ONE_PIXEL_PNG },
    }),
  },
  'GET /api/orders/:id/photo': {
    expect: withPermission('board', 404),
    note: 'no photo was taken of the order: 404 once the permission lets the request through',
    request: (ctx) => ({ path: api(`/orders/${ctx.ownerOrderId}/photo`) }),
  },
  'POST /api/driver/location': {
    expect: withPermission('ownDeliveries'),
    note: 'shown or not, a position is answered 200 (kept only while a run is out)',
    request: () => ({ path: api('/driver/location'), body: { lat: 51.45, lng: -2.58 } }),
  },
  'GET /api/delivery-check': { expect: anyone(), request: () => ({ path: api('/delivery-check?postcode=BS1%204DJ') }) },

  // Receipt printers (decision 1200): managing them is a setting, reprinting and an order's tickets are `reprint`; a CloudPRNT printer's own
  // take its URL's secret, whoever sends it (a session changes nothing), and answer 404 to a wrong one.
  'GET /api/printers': { expect: withPermission('settings'), request: () => ({ path: api('/printers') }) },
  'POST /api/printers': {
    expect: withPermission('settings', 201),
    request: (ctx) => ({ path: api('/printers'), body: { name: `Printer ${ctx.unique()}`, connection: { kind: 'cloudprnt' } } }),
  },
  'PUT /api/printers/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/printers/${await newPrinter(ctx)}`), body: { copies: 2 } }),
  },
  'DELETE /api/printers/:id': {
    expect: withPermission('settings'),
    request: async (ctx) => ({ path: api(`/printers/${await newPrinter(ctx)}`) }),
  },
  'POST /api/printers/:id/test': {
    expect: withPermission('settings', 202),
    request: async (ctx) => ({ path: api(`/printers/${await newPrinter(ctx)}/test`) }),
  },
  'POST /api/orders/:id/print': {
    expect: withPermission('reprint', 202),
    request: async (ctx) => {
      await newPrinter(ctx);
      return { path: api(`/orders/${ctx.ownerOrderId}/print`), body: {} };
    },
  },
  'GET /api/orders/:id/print-jobs': {
    expect: withPermission('reprint'),
    request: (ctx) => ({ path: api(`/orders/${ctx.ownerOrderId}/print-jobs`) }),
  },
  'GET /api/orders/:id/ticket': {
    expect: withPermission('reprint'),
    request: (ctx) => ({ path: api(`/orders/${ctx.ownerOrderId}/ticket`) }),
  },
  'POST /api/cloudprnt/:secret': {
    expect: anyone(),
    request: async (ctx) => ({ path: api(`/cloudprnt/${await newPrinterSecret(ctx)}`), body: { status: '200 OK' } }),
  },
  'GET /api/cloudprnt/:secret': { expect: anyone(404), request: () => ({ path: api(`/cloudprnt/${'x'.repeat(43)}`) }) },
  'DELETE /api/cloudprnt/:secret': {
    expect: anyone(),
    request: async (ctx) => ({ path: api(`/cloudprnt/${await newPrinterSecret(ctx)}?code=OK`) }),
  },

  // The end of the trading day
  'GET /api/orders/close-day': { expect: withPermission('cancel'), request: () => ({ path: api('/orders/close-day') }) },
  'POST /api/orders/close-day': {
    expect: withPermission('cancel'),
    note: 'the shop clock goes back a week first (the same weekday and hour, so the hours read alike), so the day closed is one before every order the suite placed: the owner’s order stays waiting for the rows after it',
    request: (ctx, role) => {
      if (role === 'owner') {
        const now = ctx.server.config.shopTime ?? new Date();
        ctx.server.config.shopTime = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
      }
      return { path: api('/orders/close-day') };
    },
  },

  // Notices
  'GET /api/allnotification': { expect: withPermission('menu'), request: () => ({ path: api('/allnotification') }) },
  'POST /api/allnotification': {
    expect: withPermission('menu', 201),
    request: (ctx) => ({ path: api('/allnotification'), body: { title: `Access ${ctx.unique()}`, description: 'Open late on Friday' } }),
  },

  // The driver's cash-up and the tips' pay-out (decision 1701): each shift opened is the seeded driver's on a day of
  // January no other request has used, so one per driver and day never refuses a row.
  'GET /api/driver-shifts': { expect: withPermission('cashUp'), request: () => ({ path: api('/driver-shifts?date=2026-11-18') }) },
  'POST /api/driver-shifts': {
    expect: withPermission('cashUp', 201),
    request: (ctx) => ({ path: api('/driver-shifts'), body: { driverId: ctx.staff.driver.user.id, date: nextShiftDate(), float: 20 } }),
  },
  'POST /api/driver-shifts/:id/close': {
    expect: withPermission('cashUp'),
    request: async (ctx) => ({ path: api(`/driver-shifts/${await newDriverShift(ctx)}/close`), body: { cashHandedIn: 20 } }),
  },
  'GET /api/reports/tip-payouts': {
    expect: withPermission('reports'),
    request: () => ({ path: api('/reports/tip-payouts?month=2026-10') }),
  },
  'GET /api/reports/tip-payouts.csv': {
    expect: withPermission('reports'),
    request: () => ({ path: api('/reports/tip-payouts.csv?month=2026-10') }),
  },
  'POST /api/tip-payouts': {
    expect: withPermission('cashUp', 409),
    note: 'the driver received no tips in October: nothing to pay out (409 TIPS_NOT_PAYABLE); cash-up.test.ts pays real ones',
    request: (ctx) => ({
      path: api('/tip-payouts'),
      body: { workerId: ctx.staff.driver.user.id, month: '2026-10', amount: 0, method: 'payroll' },
    }),
  },
  'GET /api/driver/tips': { expect: withPermission('ownDeliveries'), request: () => ({ path: api('/driver/tips') }) },
  // The tracker's order updates (decision 1702): whoever holds the order's tracking link manages them.
  'GET /api/push/key': { expect: anyone(), request: () => ({ path: api('/push/key') }) },
  'GET /api/track/:token/updates': {
    expect: anyone(),
    request: async (ctx) => ({ path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}/updates`) }),
  },
  'PUT /api/track/:token/updates': {
    expect: anyone(),
    request: async (ctx) => ({ path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}/updates`), body: { sms: true } }),
  },
  'POST /api/track/:token/push': {
    expect: anyone(),
    note: 'a browser subscribing by the link; nothing is sent until the order moves on',
    request: async (ctx) => ({
      path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}/push`),
      body: {
        endpoint: `https://push.example.com/send/${ctx.unique()}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
    }),
  },
  'DELETE /api/track/:token/push': {
    expect: anyone(),
    request: async (ctx) => ({
      path: api(`/track/${await trackingTokenOf(ctx, ctx.ownerOrderId)}/push`),
      body: { endpoint: 'https://push.example.com/send/gone' },
    }),
  },
};

/** A HEAD route answers as its GET does (Fastify adds one for every GET), so its row is the GET's. */
export function accessRowFor(route: string): AccessRow | undefined {
  const [method, url = ''] = route.split(' ');
  // A route at a plugin's prefix ('/api/docs') also answers HEAD with the slash ('/api/docs/'): its GET's row.
  if (method === 'HEAD') return ACCESS_TABLE[`GET ${url}`] ?? ACCESS_TABLE[`GET ${url.replace(/(.)\/$/, '$1')}`];
  return ACCESS_TABLE[route];
}

/** Every route the table covers, HEAD routes of its GETs included: what the server must register, exactly. */
export function tableRoutes(): string[] {
  const routes = Object.keys(ACCESS_TABLE);
  const heads = routes.filter((route) => route.startsWith('GET ')).map((route) => route.replace(/^GET /, 'HEAD '));
  return [...routes, ...heads].sort();
}

/** The accounts and things the table's requests name, on a seeded server. */
export async function createAccessContext(server: TestServer): Promise<AccessContext> {
  const menu = await loadMenu(server);
  const owner = await signInAs(server);
  const other = await signInAs(server);
  const admin = await signInAs(server, { role: 'owner' });
  const staff = { owner: admin } as Record<StaffRole, SignedIn>;
  for (const role of STAFF_ROLES) if (role !== 'owner') staff[role] = await signInAs(server, { role });
  const ownerAddressId = await addAddress(server, owner);
  const placed = expectStatus(
    await call(server, 'POST', '/buy-product', owner, cashOrder([pizzaLine(menu)], ownerAddressId)),
    201,
    'order',
  );
  const products = (await call(server, 'GET', '/allproduts', null)).body as Array<{ _id: string; imageUrl: string | null }>;
  const imageId = /\/api\/images\/([0-9a-f]{24})/.exec(products.find((p) => p.imageUrl)?.imageUrl ?? '')?.[1];
  if (!imageId) throw new Error('the seed has no product image');
  let counter = 0;
  let favouriteProduct = 0;
  let otherAddressId: string | undefined;
  let unconfirmed: Promise<string> | undefined;
  const actors: Record<Role, SignedIn | null> = { visitor: null, customer: owner, otherCustomer: other, ...staff };

  const ctx: AccessContext = {
    server,
    menu,
    owner,
    other,
    admin,
    staff,
    ownerAddressId,
    imageId,
    ownerOrderId: placed.body.insertedId as string,
    actor: (role) => actors[role],
    freshSession: async (role) => {
      const actor = actors[role];
      return actor ? signInAs(server, { email: actor.user.email }) : null;
    },
    newCategory: () => adminCreates(ctx, '/allcategori', { categoriName: `Fixture ${ctx.unique()}` }, 'category'),
    newProduct: () => adminCreates(ctx, '/allproduts', productBody(`Fixture ${ctx.unique()}`), 'product'),
    newTopping: () =>
      adminCreates(ctx, '/ingredients', { ToopingName: `Fixture ${ctx.unique()}`, category: 'Dips', toopingPrice: 0.3 }, 'topping'),
    newBanner: async () => adminCreates(ctx, '/addbanner', { file: await pngBase64() }, 'banner'),
    newStaffMember: async () => {
      const answer = await call(server, 'POST', '/staff', admin, {
        email: `member-${ctx.unique()}@example.com`,
        name: 'Member',
        role: 'kitchen',
      });
      return expectStatus(answer, 201, 'member of staff').body.member.id as string;
    },
    newPendingOrder: async () => {
      otherAddressId ??= await addAddress(server, other);
      const placed = await call(server, 'POST', '/buy-product', other, cashOrder([pizzaLine(menu)], otherAddressId));
      return expectStatus(placed, 201, 'order').body.insertedId as string;
    },
    unconfirmedCardPayment: () => (unconfirmed ??= ctx.newOwnerCardPayment()),
    newOwnerAddress: () => addAddress(server, owner),
    newOwnerFavourite: async () => {
      // A product not yet in the owner's list, so the answer is a new favourite's id: the next one the list lacks
      // (the POST /api/favouritelist row adds one of its own).
      let added: Answer | undefined;
      for (let tries = 0; tries < products.length; tries += 1) {
        const product = products[favouriteProduct++ % products.length];
        added = await call(server, 'POST', '/favouritelist', owner, { id: product?._id, email: owner.user.email });
        if (typeof added.body?.insertedId === 'string') return added.body.insertedId as string;
      }
      throw new Error(`favourite not added: ${JSON.stringify(added?.body)}`);
    },
    newOwnerCardPayment: async () => {
      const card = expectStatus(
        await call(server, 'POST', '/create-payment-intent', owner, { items: [pizzaLine(menu)], addressId: ownerAddressId, note: '' }),
        200,
        'card order',
      );
      return card.body.clientSecret as string;
    },
    unique: () => `${Date.now().toString(36)}-${++counter}`,
  };
  return ctx;
}

/**
 * A seeded server with a small built web app of its own (index.html and /assets/app.js), so the SPA's routes
 * (`/` and the static files' `/*`) exist whether or not apps/web has been built. close() removes the files too.
 */
export async function startAccessServer(kind: TestDatabaseKind): Promise<TestServer> {
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-access-dist-'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Takeaway Shop</title></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log("shop");\n');
  // Eight roles send every row: the account routes' per-account limits (10 reset codes an hour) would refuse the
  // later roles, and the rows are about who may call, not how often (the auth suites check the limits).
  const server = await startTestServer({ db: kind, seed: true, webDistDir: distDir, env: { RATE_LIMIT_MULTIPLIER: '10' } });
  return {
    ...server,
    async close() {
      await server.close();
      await rm(distDir, { recursive: true, force: true });
    },
  };
}
