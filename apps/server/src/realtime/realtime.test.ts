import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FOREIGN_ORIGIN,
  ORDER_CHANGED,
  ORDER_CONFIRMATION,
  ORDER_RECEIVED,
  ORDER_UPDATE,
  ORDER_UPDATED,
  SOCKET_PATH,
} from '@shop/shared/contract/realtime';
import { call as accountCall } from '../../test/account-test-client';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness';
import { addAddress, call, cashOrder, pizzaLine, readyToOrder, type Menu } from '../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { connectSocket, eventsFor, refusedConnection, type ConnectOptions, type TestSocket } from '../../test/socket-client';
import { BAD_ORDER_EVENT, NOT_YOUR_ORDER, SESSION_ENDED, SIGN_IN_TO_FOLLOW, TOO_MANY_EVENTS } from './client-events';

const BOUNDED_MS = 5000;

describe.each(testDatabases())('live orders over socket.io on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let admin: SignedIn;
  let owner: SignedIn;
  let ownerAddress: string;
  let other: SignedIn;
  let otherAddress: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ menu, customer: owner, addressId: ownerAddress } = await readyToOrder(server));
    other = await signInAs(server);
    otherAddress = await addAddress(server, other);
    admin = await signInAs(server, { role: 'owner' });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => server.close());

  async function connect(who: SignedIn | null, options: ConnectOptions = {}): Promise<TestSocket> {
    const socket = await connectSocket(server.url, { cookie: who?.cookie ?? null, ...options });
    open.push(socket);
    return socket;
  }
  async function placeCash(who = owner, address = ownerAddress): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', who, cashOrder([pizzaLine(menu)], address));
    expect(placed.status).toBe(201);
    return placed.body.insertedId as string;
  }
  async function setStatus(id: string, status: string): Promise<number> {
    const answer = await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status });
    expect(answer.status).toBe(200);
    return answer.body.modifiedCount as number;
  }
  /** After a round trip on each socket, none of them has heard anything about this order. */
  async function heardNothing(sockets: TestSocket[], orderId: string): Promise<void> {
    for (const socket of sockets) {
      await socket.sync();
      expect(eventsFor(socket.received, orderId)).toEqual([]);
    }
  }

  it('tells admins at once when a cash order is placed, and no customer or anonymous connection', async () => {
    const adminSocket = await connect(admin);
    const ownerSocket = await connect(owner);
    const otherSocket = await connect(other);
    const anonymous = await connect(null);
    const id = await placeCash();
    await adminSocket.waitFor(ORDER_RECEIVED, id, BOUNDED_MS);
    expect(adminSocket.received).toEqual([{ event: ORDER_RECEIVED, payload: { order_id: id } }]);
    await heardNothing([ownerSocket, otherSocket, anonymous], id);
  });

  it('tells admins about a card order only once it is paid', async () => {
    const adminSocket = await connect(admin);
    const card = await call(server, 'POST', '/create-payment-intent', owner, {
      items: [pizzaLine(menu)],
      addressId: ownerAddress,
      note: '',
    });
    expect(card.status).toBe(200);
    const orderId = card.body.orderId as string;
    const confirm = (cardNumber: string) =>
      call(server, 'POST', '/test-payments/confirm', owner, { clientSecret: card.body.clientSecret, cardNumber, exp: '12/30', cvc: '123' });
    await heardNothing([adminSocket], orderId);
    expect((await confirm('4000000000000002')).status).toBe(402);
    await heardNothing([adminSocket], orderId);
    expect((await confirm('4242424242424242')).status).toBe(200);
    await adminSocket.waitFor(ORDER_RECEIVED, orderId, BOUNDED_MS);
    expect(eventsFor(adminSocket.received, orderId)).toEqual([ORDER_RECEIVED]);
  });

  it('tells the order’s customer (every tab) and every admin when its status changes, and nobody else; nothing when nothing changed', async () => {
    const id = await placeCash();
    const tabs = [await connect(owner), await connect(owner, { transports: ['websocket'] })];
    const admins = [await connect(admin), await connect(await signInAs(server, { role: 'owner' }))];
    const otherSocket = await connect(other);
    const anonymous = await connect(null);

    expect(await setStatus(id, 'Approved Order')).toBe(1);
    for (const tab of tabs) await tab.waitFor(ORDER_UPDATED, id, BOUNDED_MS);
    // Every admin hears it with the status, the one who answered and the others (whose popups stop ringing).
    for (const adminSocket of admins) {
      await adminSocket.waitFor(ORDER_CHANGED, id, BOUNDED_MS);
      expect(adminSocket.received).toEqual([{ event: ORDER_CHANGED, payload: { order_id: id, status: 'Approved Order' } }]);
    }
    await heardNothing([otherSocket, anonymous], id);

    expect(await setStatus(id, 'Approved Order')).toBe(0);
    const refused = await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status: 'Pending Order' });
    expect(refused.status).toBe(409);
    for (const tab of tabs) {
      await tab.sync();
      expect(eventsFor(tab.received, id)).toEqual([ORDER_UPDATED]);
    }
    expect(await setStatus(id, 'On the way')).toBe(1);
    // The second event of this order: waiting for "one" would be satisfied by the first.
    for (const tab of tabs) await tab.waitFor(ORDER_UPDATED, id, BOUNDED_MS, 2);
    await tabs[0]?.sync();
    expect(eventsFor(tabs[0]?.received ?? [], id)).toEqual([ORDER_UPDATED, ORDER_UPDATED]);
    for (const adminSocket of admins) await adminSocket.waitFor(ORDER_CHANGED, id, BOUNDED_MS, 2);
    expect(admins[1]?.received.map((item) => item.payload)).toEqual([
      { order_id: id, status: 'Approved Order' },
      { order_id: id, status: 'On the way' },
    ]);
    for (const tab of tabs) expect(tab.received.filter((item) => item.event === ORDER_CHANGED)).toEqual([]);
    await heardNothing([otherSocket, anonymous], id);
  });

  describe('the handshake', () => {
    it('refuses another origin with FOREIGN_ORIGIN, over polling and over WebSocket, even with an admin’s cookie', async () => {
      for (const transports of [['polling'], ['websocket']] as const) {
        expect(
          await refusedConnection(server.url, { cookie: admin.cookie, origin: 'http://evil.example', transports: [...transports] }),
        ).toBe(FOREIGN_ORIGIN);
        expect(await refusedConnection(server.url, { cookie: null, origin: 'http://evil.example', transports: [...transports] })).toBe(
          FOREIGN_ORIGIN,
        );
      }
      expect(await refusedConnection(server.url, { cookie: admin.cookie, origin: 'null' })).toBe(FOREIGN_ORIGIN);
      expect(await refusedConnection(server.url, { cookie: admin.cookie, origin: `${server.url}.evil.example` })).toBe(FOREIGN_ORIGIN);
    });

    it('refuses a session cookie without an Origin unless the browser says the request is same-origin', async () => {
      expect(await refusedConnection(server.url, { cookie: admin.cookie, origin: null })).toBe(FOREIGN_ORIGIN);
      expect(await refusedConnection(server.url, { cookie: admin.cookie, origin: null, headers: { 'sec-fetch-site': 'cross-site' } })).toBe(
        FOREIGN_ORIGIN,
      );
      // The shop page's own polling handshake: a same-origin GET carries no Origin, and Sec-Fetch-Site says so.
      const samePage = await connect(admin, { origin: null, headers: { 'sec-fetch-site': 'same-origin' }, transports: ['polling'] });
      const id = await placeCash();
      await samePage.waitFor(ORDER_RECEIVED, id, BOUNDED_MS);
    });

    it('lets a connection without a cookie (or with a dead one) in, in no room: it hears nothing', async () => {
      const noOrigin = await connect(null, { origin: null });
      const deadCookie = await connect(null, { cookie: 'sid=not-a-session-token' });
      const adminSocket = await connect(admin);
      const id = await placeCash();
      await adminSocket.waitFor(ORDER_RECEIVED, id, BOUNDED_MS);
      expect(await setStatus(id, 'Approved Order')).toBe(1);
      await heardNothing([noOrigin, deadCookie], id);
      expect(await noOrigin.emitWithAck(ORDER_UPDATE, { order_id: id })).toEqual({ ok: false, message: SIGN_IN_TO_FOLLOW });
    });
  });

  it('puts a customer in the admins’ room on no client emit whatsoever', async () => {
    const customerSocket = await connect(other);
    const adminSocket = await connect(admin);
    for (const [event, ...args] of [
      ['join', 'admins'],
      ['join', { room: 'admins' }],
      ['subscribe', 'admins'],
      ['joinRoom', 'admins'],
      ['rooms', ['admins']],
      [ORDER_UPDATE, 'admins'],
      [ORDER_CONFIRMATION, { room: 'admins' }],
      [ORDER_UPDATE, { order_id: 'admins' }],
    ] as Array<[string, ...unknown[]]>) {
      customerSocket.socket.emit(event, ...args);
    }
    await customerSocket.sync();
    const id = await placeCash();
    await adminSocket.waitFor(ORDER_RECEIVED, id, BOUNDED_MS);
    await customerSocket.sync();
    expect(customerSocket.received.filter((item) => item.event === ORDER_RECEIVED)).toEqual([]);
  });

  describe('client events', () => {
    it('cause no event to anyone when they name another customer’s order', async () => {
      const id = await placeCash();
      const ownerSocket = await connect(owner);
      const adminSocket = await connect(admin);
      const forger = await connect(other);
      for (const event of [ORDER_UPDATE, ORDER_CONFIRMATION]) {
        expect(await forger.emitWithAck(event, { order_id: id })).toEqual({ ok: false, message: NOT_YOUR_ORDER });
        forger.socket.emit(event, { order_id: id });
      }
      await heardNothing([forger, ownerSocket, adminSocket], id);
    });

    it('check their payload and answer anything malformed without an event', async () => {
      const ownerSocket = await connect(owner);
      const id = await placeCash();
      for (const payload of ['x', 42, null, [], { order_id: 'not-an-id' }, { order_id: id, room: 'admins' }, { orderId: id }]) {
        expect(await ownerSocket.emitWithAck(ORDER_UPDATE, payload)).toEqual({ ok: false, message: BAD_ORDER_EVENT });
      }
      expect(await ownerSocket.emitWithAck(ORDER_UPDATE)).toEqual({ ok: false, message: BAD_ORDER_EVENT });
      expect(eventsFor(ownerSocket.received, id)).toEqual([]);
    });

    it('prompt a refetch of an order the sender may see: order_updated to that one socket only', async () => {
      const id = await placeCash();
      const sender = await connect(owner);
      const otherTab = await connect(owner);
      const adminSocket = await connect(admin);
      expect(await sender.emitWithAck(ORDER_CONFIRMATION, { order_id: id })).toEqual({ ok: true });
      expect(eventsFor(sender.received, id)).toEqual([ORDER_UPDATED]);
      await heardNothing([otherTab, adminSocket], id);

      expect(await adminSocket.emitWithAck(ORDER_UPDATE, { order_id: id })).toEqual({ ok: true });
      expect(eventsFor(adminSocket.received, id)).toEqual([ORDER_UPDATED]);
      await otherTab.sync();
      expect(eventsFor(otherTab.received, id)).toEqual([]);
      expect(eventsFor(sender.received, id)).toEqual([ORDER_UPDATED]);

      // A card order not paid yet is its customer's only: an admin is not told about it.
      const card = await call(server, 'POST', '/create-payment-intent', other, {
        items: [pizzaLine(menu)],
        addressId: otherAddress,
        note: '',
      });
      expect(await adminSocket.emitWithAck(ORDER_UPDATE, { order_id: card.body.orderId })).toEqual({ ok: false, message: NOT_YOUR_ORDER });
    });

    it('are limited to 20 in 10 seconds per connection', async () => {
      const socket = await connect(owner);
      for (let i = 0; i < 20; i += 1) expect(await socket.emitWithAck(ORDER_UPDATE, {})).toEqual({ ok: false, message: BAD_ORDER_EVENT });
      expect(await socket.emitWithAck(ORDER_UPDATE, {})).toEqual({ ok: false, message: TOO_MANY_EVENTS });
    });
  });

  describe('sessions that end', () => {
    const disconnected = (socket: TestSocket) =>
      new Promise<string>((resolve, reject) => {
        if (!socket.socket.connected) resolve('already');
        const timer = setTimeout(() => reject(new Error('still connected')), BOUNDED_MS);
        socket.socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });

    it('drop their sockets at logout; the same cookie then connects in no room', async () => {
      const leaving = await signInAs(server);
      const address = await addAddress(server, leaving);
      const id = await placeCash(leaving, address);
      const socket = await connect(leaving);
      const staying = await connect(leaving === owner ? other : owner);
      const gone = disconnected(socket);
      expect((await call(server, 'POST', '/logout', leaving)).status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(staying.socket.connected).toBe(true);

      const again = await connect(leaving);
      expect(await setStatus(id, 'Approved Order')).toBe(1);
      await heardNothing([again], id);
      expect(await again.emitWithAck(ORDER_UPDATE, { order_id: id })).toEqual({ ok: false, message: SIGN_IN_TO_FOLLOW });
    });

    it('drop every socket of the account at a password change', async () => {
      const forgetful = await signInAs(server, { password: 'Old-password-123' });
      const second = await signInAs(server, { email: forgetful.user.email });
      const sockets = [await connect(forgetful), await connect(second)];
      const gone = sockets.map(disconnected);
      expect((await accountCall(server.url, 'POST', '/forgot-password/', { body: { email: forgetful.user.email } })).status).toBe(200);
      let code = '';
      await expect
        .poll(
          async () => {
            const mails = (
              await accountCall<Array<{ to: string; text: string }>>(server.url, 'GET', '/dev/outbox', { cookie: admin.cookie })
            ).body;
            code = /Your code: ([A-Z0-9]{4})/.exec(mails.find((mail) => mail.to === forgetful.user.email)?.text ?? '')?.[1] ?? '';
            return code;
          },
          { timeout: BOUNDED_MS },
        )
        .not.toBe('');
      const changed = await accountCall(server.url, 'POST', '/change-password/', {
        body: { email: forgetful.user.email, otp: code, password: 'New-password-456' },
      });
      expect(changed.status).toBe(200);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    });

    it('cannot be used by a socket that outlived them', async () => {
      // A session ended behind the socket's back (say, deleted by hand): its next client event finds out.
      const shortLived = await signInAs(server);
      const socket = await connect(shortLived);
      const { sessions } = await import('../db/schema');
      const { eq } = await import('drizzle-orm');
      await server.app.db.delete(sessions).where(eq(sessions.userId, shortLived.user.id));
      const gone = disconnected(socket);
      expect(await socket.emitWithAck(ORDER_UPDATE, { order_id: 'a'.repeat(24) })).toEqual({ ok: false, message: SESSION_ENDED });
      expect(await gone).toBe('io server disconnect');
    });
  });
});

describe.each(testDatabases())('closing the app on %s', (kind) => {
  it('closes the socket server: connected sockets are dropped and close() does not wait for them', async () => {
    const server = await startTestServer({ db: kind });
    const admin = await signInAs(server, { role: 'owner' });
    const sockets = [
      await connectSocket(server.url, { cookie: admin.cookie }),
      await connectSocket(server.url, { cookie: admin.cookie, transports: ['websocket'] }),
    ];
    const dropped = sockets.map((socket) => new Promise<string>((resolve) => socket.socket.once('disconnect', resolve)));
    // Waiting for the clients would never end: they stay connected until the server drops them.
    await server.close();
    expect(await Promise.all(dropped)).toEqual(['transport close', 'transport close']);
    for (const socket of sockets) socket.close();
  });

  it('cuts a WebSocket whose client never answers the close, instead of waiting for ws’s 30 s close timeout', async () => {
    const server = await startTestServer({ db: kind });
    const { port } = new URL(server.url);
    // A WebSocket client that reads nothing and answers nothing: the server's close frame goes unanswered.
    const client = connect(Number(port), '127.0.0.1');
    const switched = new Promise<string>((resolve) => client.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    client.write(
      [
        `GET ${SOCKET_PATH}/?EIO=4&transport=websocket HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Origin: ${server.url}`,
        '',
        '',
      ].join('\r\n'),
    );
    expect(await switched).toMatch(/^HTTP\/1\.1 101 /);
    const cut = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const closing = server.close().then(() => 'closed');
    const outcome = await Promise.race([
      closing,
      new Promise((resolve) => setTimeout(() => resolve('still waiting for the client'), 10_000)),
    ]);
    expect(outcome).toBe('closed');
    await cut;
    client.destroy();
  }, 20_000);
});
