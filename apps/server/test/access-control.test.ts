// Who may call what (docs/security.md): every route the server registers, taken from the app itself, is sent by a
// visitor, a customer, another customer naming the first one's e-mail or ids, and a member of staff of each role
// (owner, manager, counter, kitchen, driver), and each gets the status route-access-table.ts gives it. A route
// without a row fails here. Then the socket rooms: a visitor joins none, a customer only their own, staff who see
// the board the admins' room, a driver none.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_CHANGED, ORDER_RECEIVED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { CROSS_SITE_REFUSED } from '../src/http/same-origin';
import { ADMIN_ONLY, roleForbidden, SIGN_IN_REQUIRED } from '../src/modules/auth/guards';
import { can, isStaffRole, STAFF_ROLES, type StaffRole } from '@shop/shared/domain/roles';
import { testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, pizzaLine } from './order-fixtures';
import { rawRequest, type RawAnswer } from './raw-request';
import { registeredRoutes } from './route-recorder';
import {
  ACCESS_TABLE,
  accessRowFor,
  createAccessContext,
  startAccessServer,
  ROLES,
  tableRoutes,
  type AccessContext,
  type AccessRequest,
  type Role,
} from './route-access-table';
import { signInAs, type SignedIn } from './sign-in';
import { connectSocket, eventsFor, type TestSocket } from './socket-client';

vi.mock('fastify', async (importOriginal) => (await import('./route-recorder')).recordingFastify(await importOriginal()));

/** Sends a row's request as a role: the role's cookie (or the row's own), no Origin (a same-site or non-browser client). */
async function send(
  ctx: AccessContext,
  method: string,
  role: Role,
  req: AccessRequest,
  extraHeaders: Record<string, string> = {},
): Promise<RawAnswer> {
  const who = 'as' in req ? req.as : ctx.actor(role);
  const headers: Record<string, string> = { ...req.headers, ...extraHeaders };
  if (who) headers.cookie = who.cookie;
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  return rawRequest(ctx.server.url, { method, path: req.path, headers, ...(body !== undefined ? { body } : {}) });
}

function expectErrorBody(answer: RawAnswer, what: string): void {
  expect(answer.json, `${what}: error body`).toMatchObject({
    statusCode: answer.status,
    error: expect.any(String),
    message: expect.any(String),
  });
  expect((answer.json as { message: string }).message, `${what}: message`).not.toBe('');
}

describe.each(testDatabases())('access control of every route on %s', (kind) => {
  let server: TestServer;
  let ctx: AccessContext;

  beforeAll(async () => {
    server = await startAccessServer(kind);
    ctx = await createAccessContext(server);
  });
  afterAll(async () => server?.close());

  it('has a row for every route the server registers, and a registered route for every row', () => {
    const registered = registeredRoutes(server.app);
    const missing = registered.filter((route) => !accessRowFor(route)).map((route) => `route ${route} has no access-control row`);
    expect(missing).toEqual([]);
    const stale = tableRoutes()
      .filter((route) => !registered.includes(route))
      .map((route) => `row ${route} names no registered route`);
    expect(stale).toEqual([]);
  });

  it.each(tableRoutes())('%s answers each role as its row says', async (route) => {
    const row = accessRowFor(route);
    if (!row) throw new Error(`route ${route} has no access-control row`);
    const [method = ''] = route.split(' ');
    for (const role of ROLES) {
      const req = await row.request(ctx, role);
      const answer = await send(ctx, method, role, req);
      const what = `${role}: ${method} ${req.path}${row.note ? ` (${row.note})` : ''}`;
      expect(answer.status, `${what} answered ${answer.text.slice(0, 300)}`).toBe(row.expect[role]);
      if (method === 'HEAD' || answer.status < 400) continue;
      expectErrorBody(answer, what);
      // The guards' own words: signed out is 401 'Please sign in...', a customer on a back-office route 403 'Only the
      // shop's staff...', a member of staff without the permission 403 'A kitchen login cannot do this.'
      const message = (answer.json as { message: string }).message;
      if (role === 'visitor' && answer.status === 401 && !route.includes('/login'))
        expect(message, what).toBe(row.signedOutMessage ?? SIGN_IN_REQUIRED);
      if (row.expect.customer === 403 && row.expect.owner < 400) {
        if (role === 'visitor') expect(message, what).toBe(SIGN_IN_REQUIRED);
        else if (isStaffRole(role)) expect(message, what).toBe(roleForbidden(role));
        else expect(message, what).toBe(ADMIN_ONLY);
      }
      // A refused delete leaves the record where a GET of the same path still finds it.
      if (method === 'DELETE' && ACCESS_TABLE[route.replace(/^DELETE /, 'GET ')]) {
        const still = await send(ctx, 'GET', 'owner', { path: req.path });
        expect(still.status, `${what}: the record is still there`).toBe(200);
      }
    }
  });

  it('refuses every write from another site with 403 before anything else, even with an owner’s cookie', async () => {
    const writes = tableRoutes().filter((route) => !/^(GET|HEAD) /.test(route));
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const [method = ''] = route.split(' ');
      const req = await ACCESS_TABLE[route]!.request(ctx, 'owner');
      for (const origin of ['https://evil.example', 'null', `${server.config.publicOrigin}.evil.example`]) {
        const answer = await send(ctx, method, 'owner', req, { origin });
        expect(answer.status, `${route} from ${origin}`).toBe(403);
        expect(answer.json, route).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: CROSS_SITE_REFUSED,
          code: 'CROSS_SITE_REQUEST',
          ...(isAccountRoute(route) ? { result: false } : {}),
        });
      }
    }
  });

  it('answers reads from another site without any CORS header, so their page never reads the answer', async () => {
    for (const path of ['/api/session', `/api/alluser/${encodeURIComponent(ctx.owner.user.email)}`, '/api/buy-product']) {
      const answer = await send(ctx, 'GET', 'owner', { path }, { origin: 'https://evil.example' });
      expect(answer.status, path).toBe(200);
      expect(
        Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
        path,
      ).toEqual([]);
    }
    const preflight = await send(
      ctx,
      'OPTIONS',
      'owner',
      { path: '/api/address-collection' },
      { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    );
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('socket rooms', () => {
    const open: TestSocket[] = [];
    afterEach(() => {
      for (const socket of open.splice(0)) socket.close();
    });

    async function connect(who: SignedIn | null): Promise<TestSocket> {
      const socket = await connectSocket(server.url, { cookie: who?.cookie ?? null });
      open.push(socket);
      return socket;
    }
    async function placeOrder(who: SignedIn): Promise<string> {
      const address = await addAddress(server, who);
      const placed = await call(server, 'POST', '/buy-product', who, cashOrder([pizzaLine(ctx.menu)], address));
      expect(placed.status).toBe(201);
      return placed.body.insertedId as string;
    }
    async function approve(orderId: string): Promise<void> {
      expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, ctx.admin, { status: 'Approved Order' })).status).toBe(200);
    }

    it('put a visitor in none, a customer in their own only, staff who see the board in the admins’ room, a driver in none', async () => {
      const sockets = {} as Record<Role, TestSocket>;
      for (const role of ROLES) sockets[role] = await connect(ctx.actor(role));
      const heard = async (orderId: string): Promise<Record<Role, string[]>> => {
        const result = {} as Record<Role, string[]>;
        for (const role of ROLES) {
          await sockets[role].sync();
          result[role] = eventsFor(sockets[role].received, orderId);
        }
        return result;
      };

      // A new order: the admins' room hears it, no customer's room and no room-less connection does.
      const ownersOrder = await placeOrder(ctx.owner);
      await sockets.owner.waitFor(ORDER_RECEIVED, ownersOrder);
      // A status change: the order's customer's room (every tab of theirs), not another customer; admins hear
      // order_changed (with the status), customers never do.
      await approve(ownersOrder);
      await sockets.customer.waitFor(ORDER_UPDATED, ownersOrder);
      await sockets.owner.waitFor(ORDER_CHANGED, ownersOrder);
      expect(await heard(ownersOrder)).toEqual({
        visitor: [],
        customer: [ORDER_UPDATED],
        otherCustomer: [],
        ...boardHears([ORDER_RECEIVED, ORDER_CHANGED]),
      });

      const othersOrder = await placeOrder(ctx.other);
      await sockets.owner.waitFor(ORDER_RECEIVED, othersOrder);
      await approve(othersOrder);
      await sockets.otherCustomer.waitFor(ORDER_UPDATED, othersOrder);
      await sockets.owner.waitFor(ORDER_CHANGED, othersOrder);
      expect(await heard(othersOrder)).toEqual({
        visitor: [],
        customer: [],
        otherCustomer: [ORDER_UPDATED],
        ...boardHears([ORDER_RECEIVED, ORDER_CHANGED]),
      });
    });

    it('give a dead or forged session cookie no room', async () => {
      const forged = await connectSocket(server.url, { cookie: 'sid=forged-token' });
      open.push(forged);
      const ended = await signInAs(server, { email: ctx.owner.user.email });
      expect((await call(server, 'POST', '/logout', ended)).status).toBe(200);
      const afterLogout = await connect(ended);
      const listener = await connect(ctx.admin);
      const orderId = await placeOrder(ctx.owner);
      await listener.waitFor(ORDER_RECEIVED, orderId);
      await approve(orderId);
      for (const socket of [forged, afterLogout]) {
        await socket.sync();
        expect(eventsFor(socket.received, orderId)).toEqual([]);
      }
    });
  });
});

function isAccountRoute(route: string): boolean {
  return /\/api\/(register|login|logout|profile|profile\/confirm-email|profile\/verify-email(\/confirm)?|forgot-password|change-password)\/?$/.test(
    route,
  );
}

/** What each staff role's socket hears of an order: the board's events when the role sees the board, else nothing. */
function boardHears(events: string[]): Record<StaffRole, string[]> {
  return Object.fromEntries(STAFF_ROLES.map((role) => [role, can(role, 'board') ? events : []])) as Record<StaffRole, string[]>;
}
