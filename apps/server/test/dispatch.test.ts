// The shop's own drivers (decision 1700), through the real routes on a real database: dispatch assigns, moves and
// takes off deliveries in runs; a driver picks up and delivers only their own (the order moving as a staff change
// moves it, the customer told); cash is asked for a cash order and refused for a paid one; a driver's position is
// shown when believable; the tracker's progress and the watchdog's warnings come from what happened, on the shop clock.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryRuns, orders, runStops, shopSettings } from '../src/db/schema';
import { londonParts } from '@shop/shared/domain/london-time';
import { dateKey } from '@shop/shared/domain/opening-hours';
import { deliveryProgressOf } from '../src/modules/dispatch/public';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { ADDRESS, call, cashOrder, loadMenu, pizzaLine, placeHeldCardOrder, type Menu } from './order-fixtures';
import { connectSocket } from './socket-client';
import { signInAs, type SignedIn } from './sign-in';
import { until } from './until';

describe.each(testDatabases())('dispatch and the driver’s phone on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;
  let counter: SignedIn;
  let kitchen: SignedIn;
  let sam: SignedIn;
  let dee: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner', username: 'Olive Owner' });
    counter = await signInAs(server, { role: 'counter', username: 'Carla Counter' });
    kitchen = await signInAs(server, { role: 'kitchen', username: 'Kit Kitchen' });
    sam = await signInAs(server, { role: 'driver', username: 'Sam' });
    dee = await signInAs(server, { role: 'driver', username: 'Dee' });
  });
  afterAll(async () => server?.close());

  /** A new customer's cash order of one pizza to `postcode` (pending): its id, the customer and their address. */
  async function placeOrder(postcode: string) {
    const customer = await signInAs(server);
    const address = await call(server, 'POST', '/address-collection', customer, { ...ADDRESS, postcode });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    const addressId = address.body.insertedId as string;
    const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { note: 'Blue door' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { orderId: placed.body.insertedId as string, customer, addressId };
  }
  async function accept(orderId: string) {
    const accepted = await call(server, 'PUT', `/update-sell-products/${orderId}`, owner, { status: 'Approved Order' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  async function acceptedOrder(postcode = 'BS6 5AB') {
    const placed = await placeOrder(postcode);
    await accept(placed.orderId);
    return placed;
  }
  const assign = (orderId: string, driver: SignedIn, who: SignedIn = owner) =>
    call(server, 'POST', `/orders/${orderId}/assign`, who, { driverId: driver.user.id });
  const board = async (who: SignedIn = owner) => {
    const answer = await call(server, 'GET', '/dispatch', who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const driverRuns = async (driver: SignedIn) => {
    const answer = await call(server, 'GET', '/driver/runs', driver);
    expect(answer.status).toBe(200);
    return answer.body.runs as Array<{
      id: string;
      startedAt: string | null;
      finishedAt: string | null;
      stops: Array<Record<string, unknown>>;
    }>;
  };
  const pickUp = (orderId: string, driver: SignedIn) => call(server, 'POST', `/driver/orders/${orderId}/picked-up`, driver);
  const deliver = (orderId: string, driver: SignedIn, body: Record<string, unknown> = {}) =>
    call(server, 'POST', `/driver/orders/${orderId}/delivered`, driver, body);
  const status = async (orderId: string) =>
    (await server.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.s;
  /** Runs the rest of the test on the shop clock moved by `minutes`, then puts it back. */
  async function later<T>(minutes: number, work: () => Promise<T>): Promise<T> {
    const realNow = server.app.now;
    const moved = new Date(realNow().getTime() + minutes * 60_000);
    server.app.now = () => new Date(moved);
    try {
      return await work();
    } finally {
      server.app.now = realNow;
    }
  }

  it('refuses dispatch to a customer, a kitchen login and a driver; the counter may', async () => {
    const customer = await signInAs(server);
    for (const who of [customer, kitchen, sam]) {
      const answer = await call(server, 'GET', '/dispatch', who);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(who === customer ? 'ADMIN_ONLY' : 'ROLE_FORBIDDEN');
    }
    const { orderId } = await acceptedOrder();
    expect((await assign(orderId, sam, kitchen)).body).toMatchObject({ statusCode: 403, code: 'ROLE_FORBIDDEN' });
    expect((await call(server, 'GET', '/driver/runs', kitchen)).status).toBe(403);
    expect((await call(server, 'GET', '/dispatch', counter)).status).toBe(200);
  });

  it('assigns accepted deliveries onto a driver’s open run, moves one to another driver, and takes one off', async () => {
    const pending = await placeOrder('BS7 8AB');
    expect((await assign(pending.orderId, sam)).body).toMatchObject({
      statusCode: 409,
      code: 'NOT_DISPATCHABLE',
      message: expect.stringMatching(/has not been accepted yet: accept it first$/),
    });
    await accept(pending.orderId);
    expect((await assign(pending.orderId, kitchen)).body).toMatchObject({ statusCode: 422, code: 'NOT_A_DRIVER' });

    const first = pending.orderId;
    const second = (await acceptedOrder('BS7 8AD')).orderId;
    const one = await assign(first, sam, counter);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.run).toMatchObject({
      driverId: sam.user.id,
      driverName: 'Sam',
      startedAt: null,
      stops: [
        {
          orderId: first,
          position: 1,
          status: 'Approved Order',
          customerName: 'Grace Hopper',
          phone: '+447700900456',
          addressLines: ['1 Compiler Close', 'Bristol'],
          postcode: 'BS7 8AB',
          note: 'Blue door',
          cashDue: 17.19,
          paid: false,
          pickedUpAt: null,
        },
      ],
    });
    const two = await assign(second, sam);
    expect(two.body.run.id).toBe(one.body.run.id);
    expect(two.body.run.stops.map((stop: { orderId: string; position: number }) => [stop.orderId, stop.position])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    // The same driver again changes nothing.
    expect((await assign(second, sam)).body.run.stops).toHaveLength(2);

    let seen = await board();
    expect(seen.unassigned.map((order: { orderId: string }) => order.orderId)).not.toContain(first);
    expect(seen.drivers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: sam.user.id, name: 'Sam' }),
        expect.objectContaining({ id: dee.user.id, name: 'Dee' }),
      ]),
    );

    // Moved to Dee: Sam's run keeps the second, renumbered.
    const moved = await assign(first, dee);
    expect(moved.body.run).toMatchObject({ driverId: dee.user.id, stops: [{ orderId: first, position: 1 }] });
    seen = await board();
    const samsRun = seen.runs.find((run: { id: string }) => run.id === one.body.run.id);
    expect(samsRun.stops).toEqual([expect.objectContaining({ orderId: second, position: 1 })]);

    // Off Dee's run: the run, empty and never started, goes; taking it off again changes nothing.
    expect((await call(server, 'DELETE', `/orders/${first}/assign`, owner)).body).toEqual({ deletedCount: 1 });
    expect((await call(server, 'DELETE', `/orders/${first}/assign`, owner)).body).toEqual({ deletedCount: 0 });
    seen = await board();
    expect(seen.runs.find((run: { id: string }) => run.id === moved.body.run.id)).toBeUndefined();
    expect(seen.unassigned.map((order: { orderId: string }) => order.orderId)).toContain(first);

    const audited = await server.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.subjectId, first));
    const short = first.slice(18);
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'order.assign', summary: `Assigned order ${short} to Sam` },
        { action: 'order.reassign', summary: `Moved order ${short} from Sam to Dee` },
        { action: 'order.unassign', summary: `Took order ${short} off Dee’s run` },
      ]),
    );
    // Clean up for the tests after: Sam's open run holds nothing.
    await call(server, 'DELETE', `/orders/${second}/assign`, owner);
  });

  it('suggests runs of deliveries to one district due close together, with the reason', async () => {
    const ids = [
      (await acceptedOrder('BS9 1AA')).orderId,
      (await acceptedOrder('BS9 1AB')).orderId,
      (await acceptedOrder('BS9 1AD')).orderId,
    ];
    const seen = await board();
    const suggestion = seen.suggestions.find((s: { orderIds: string[] }) => s.orderIds.includes(ids[0] as string));
    expect(suggestion).toBeDefined();
    expect([...suggestion.orderIds].sort()).toEqual([...ids].sort());
    // Accepted at 18:00 on the shop clock with the kitchen's usual 45 minutes.
    expect(suggestion.reason).toBe('3 orders in BS9 1, due 18:45');
    for (const id of ids) await call(server, 'PUT', `/update-sell-products/${id}`, owner, { status: 'Canceled Order' });
  });

  it('lets a driver pick up and deliver only their own orders; the customer sees on the way and delivered', async () => {
    const { orderId, customer } = await acceptedOrder('BS8 1AA');
    const other = (await acceptedOrder('BS8 1AB')).orderId;
    expect((await assign(orderId, sam)).status).toBe(200);
    expect((await assign(other, dee)).status).toBe(200);

    // Sam sees his run and not Dee's; Dee's order answers him as an unknown one.
    const runs = await driverRuns(sam);
    expect(runs.flatMap((run) => run.stops.map((stop) => stop.orderId))).toContain(orderId);
    expect(runs.flatMap((run) => run.stops.map((stop) => stop.orderId))).not.toContain(other);
    for (const answer of [await pickUp(other, sam), await deliver(other, sam), await pickUp('0123456789abcdef01234567', sam)]) {
      expect(answer.body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' });
    }
    expect(await status(other)).toBe('Approved Order');

    expect((await deliver(orderId, sam, { cashCollected: 17.19 })).body).toMatchObject({ statusCode: 409, code: 'NOT_PICKED_UP' });
    const picked = await pickUp(orderId, sam);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.run.startedAt).toBe(server.app.now().toISOString());
    expect(picked.body.run.stops[0]).toMatchObject({ orderId, status: 'On the way', pickedUpAt: server.app.now().toISOString() });
    expect(await status(orderId)).toBe('On the way');
    // Again: nothing more happens.
    expect((await pickUp(orderId, sam)).status).toBe(200);

    // A picked-up order stays with its driver.
    expect((await assign(orderId, dee)).body).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_PICKED_UP',
      message: expect.stringMatching(/^Sam has picked up order/),
    });
    expect((await call(server, 'DELETE', `/orders/${orderId}/assign`, owner)).body).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_PICKED_UP',
      message: expect.stringMatching(/it cannot be taken off the run now$/),
    });

    expect((await deliver(orderId, sam)).body).toMatchObject({
      statusCode: 422,
      code: 'CASH_REQUIRED',
      message: `Order ${orderId.slice(18)} is cash on delivery (£17.19 due): enter the cash you collected`,
    });
    const done = await later(20, () => deliver(orderId, sam, { cashCollected: 20 }));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.run.stops[0]).toMatchObject({ status: 'Delivered Order', cashCollected: 20 });
    // Its only stop delivered: the run is finished.
    expect(done.body.run.finishedAt).not.toBeNull();
    expect(await status(orderId)).toBe('Delivered Order');

    // The history names the driver; the customer's feed has both changes.
    const detail = await call(server, 'GET', `/buy-product/${orderId}`, owner);
    expect(detail.body.statusHistory.map((change: { status: string; changedBy?: string }) => [change.status, change.changedBy])).toEqual([
      ['Pending Order', expect.anything()],
      ['Approved Order', owner.user.email],
      ['On the way', sam.user.email],
      ['Delivered Order', sam.user.email],
    ]);
    const feed = await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer);
    expect(JSON.stringify(feed.body)).toMatch(/On the way|on its way/i);
    expect(JSON.stringify(feed.body)).toMatch(/Delivered/i);
    expect((await call(server, 'DELETE', `/orders/${other}/assign`, owner)).body).toEqual({ deletedCount: 1 });
  });

  it('refuses cash for an order paid by card, and takes a photo of the door', async () => {
    const customer = await signInAs(server);
    const address = await call(server, 'POST', '/address-collection', customer, { ...ADDRESS, postcode: 'BS3 1AA' });
    const orderId = await placeHeldCardOrder({ server, menu, customer, addressId: address.body.insertedId });
    await accept(orderId);
    expect((await assign(orderId, dee)).body.run.stops.find((stop: { orderId: string }) => stop.orderId === orderId)).toMatchObject({
      cashDue: 0,
      paid: true,
    });
    expect((await pickUp(orderId, dee)).status).toBe(200);
    expect((await deliver(orderId, dee, { cashCollected: 17.19 })).body).toMatchObject({ statusCode: 422, code: 'CASH_NOT_EXPECTED' });
    expect((await deliver(orderId, dee, { cashCollected: 1.001 })).body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    // A photo of the door, taken before handing over: on Dee's own stop only, kept private.
    const door = (
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b33' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const photoOf = (who: SignedIn, file = door) => call(server, 'POST', `/driver/orders/${orderId}/photo`, who, { file });
    expect((await photoOf(sam)).body).toMatchObject({ statusCode: 404, code: 'ORDER_NOT_FOUND' });
    expect((await photoOf(dee, '')).body).toMatchObject({ statusCode: 400, code: 'IMAGE_REQUIRED' });
    expect((await photoOf(dee, Buffer.from('not a picture').toString('base64'))).body).toMatchObject({ code: 'NOT_AN_IMAGE' });
    const taken = await photoOf(dee);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const photo = taken.body.photoImageId as string;
    const done = await deliver(orderId, dee, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.run.stops.find((stop: { orderId: string }) => stop.orderId === orderId)).toMatchObject({
      cashCollected: null,
      status: 'Delivered Order',
      photoImageId: photo,
    });
    // The shop sees it on the order; its image id opens nothing, for anyone.
    const seen = await fetch(`${server.url}/api/orders/${orderId}/photo`, { headers: { cookie: owner.cookie } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect(seen.headers.get('cache-control')).toContain('no-store');
    expect((await fetch(`${server.url}/api/orders/${orderId}/photo`, { headers: { cookie: customer.cookie } })).status).toBe(403);
    expect((await fetch(`${server.url}/api/images/${photo}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/images/${photo}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });

  it('shows a driver’s position only while their run is out, and not a jump of kilometres in seconds', async () => {
    const { orderId } = await acceptedOrder('BS5 1AA');
    const next = (await acceptedOrder('BS5 1AB')).orderId;
    const locate = (lat: number, lng: number) => call(server, 'POST', '/driver/location', dee, { lat, lng, accuracy: 12 });
    // Dee's earlier run is finished: no run out, nothing kept.
    await assign(orderId, dee);
    await assign(next, dee);
    expect((await locate(51.45, -2.58)).body).toEqual({ shown: false });
    expect((await call(server, 'POST', '/driver/location', dee, { lat: 91, lng: 0 })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });

    const tracker = await connectSocket(server.url, {
      auth: {
        track: (await server.database.db.select({ t: orders.trackingToken }).from(orders).where(eq(orders.id, next)))[0]?.t as string,
      },
    });
    try {
      await pickUp(orderId, dee);
      await pickUp(next, dee);
      expect((await locate(51.45, -2.58)).body).toEqual({ shown: true });
      // Its pick-up, then the position shown.
      await tracker.waitFor('order_updated', next, 5000, 2);
      // 5 km north a minute later is 300 km/h: kept, not shown.
      expect((await later(1, () => locate(51.495, -2.58))).body).toEqual({ shown: false });
      let progress = await deliveryProgressOf(server.app, next);
      expect(progress?.position).toEqual({ lat: 51.45, lng: -2.58, at: server.app.now().toISOString() });
      // 1 km in 2 minutes is 30 km/h: shown.
      expect((await later(2, () => locate(51.459, -2.58))).body).toEqual({ shown: true });
      progress = await later(2, () => deliveryProgressOf(server.app, next));
      expect(progress).toMatchObject({
        onTheWayAt: server.app.now().toISOString(),
        deliveredAt: null,
        stopsBefore: 1,
        driverName: 'Dee',
        position: { lat: 51.459, lng: -2.58 },
        // Two stops of 10 minutes from the pick-up.
        arrivesAt: new Date(server.app.now().getTime() + 20 * 60_000).toISOString(),
        map: null,
      });
      // The first stop delivered at +12: one stop left from there.
      await later(12, () => deliver(orderId, dee, { cashCollected: 17.19 }));
      progress = await later(13, () => deliveryProgressOf(server.app, next));
      expect(progress).toMatchObject({ stopsBefore: 0, arrivesAt: new Date(server.app.now().getTime() + 22 * 60_000).toISOString() });
      await later(25, () => deliver(next, dee, { cashCollected: 17.19 }));
      // Off the run again: nothing kept.
      expect((await later(26, () => locate(51.46, -2.58))).body).toEqual({ shown: false });
      const runs = await driverRuns(dee);
      expect(runs.every((run) => run.finishedAt !== null)).toBe(true);
    } finally {
      tracker.close();
    }
  });

  it('tells the tracker what happened, each stage when it happened, with the shop’s map', async () => {
    const { orderId } = await placeOrder('BS4 1AA');
    expect(await deliveryProgressOf(server.app, orderId)).toBeNull();
    await accept(orderId);
    await server.database.db
      .insert(shopSettings)
      .values({
        id: 1,
        lateAfterMinutes: 10,
        autoRejectAfterMinutes: 10,
        autoAccept: false,
        mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
        mapAttribution: '© Example',
      })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapAttribution: '© Example' },
      });
    const now = server.app.now().toISOString();
    expect(await deliveryProgressOf(server.app, orderId)).toEqual({
      acceptedAt: now,
      // An order for as soon as possible is being made from its accept.
      readyAt: now,
      onTheWayAt: null,
      deliveredAt: null,
      stopsBefore: null,
      driverName: null,
      position: null,
      arrivesAt: null,
      map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' },
    });
    await later(5, () => call(server, 'POST', `/orders/${orderId}/ready`, kitchen));
    await assign(orderId, sam);
    expect(await deliveryProgressOf(server.app, orderId)).toMatchObject({
      readyAt: new Date(Date.parse(now) + 5 * 60_000).toISOString(),
      stopsBefore: 0,
      // The driver's name is the customer's only once the driver is on the way to them.
      driverName: null,
      onTheWayAt: null,
    });
    await server.database.db.update(shopSettings).set({ mapTileUrl: null, mapAttribution: null }).where(eq(shopSettings.id, 1));
    await call(server, 'DELETE', `/orders/${orderId}/assign`, owner);
  });

  it('says an order is ready once, for an accepted order, and the watchdog warns of a ready one with no driver', async () => {
    const pending = await placeOrder('BS2 0AA');
    expect((await call(server, 'POST', `/orders/${pending.orderId}/ready`, kitchen)).body).toMatchObject({
      statusCode: 409,
      code: 'INVALID_STATUS_CHANGE',
    });
    await accept(pending.orderId);
    expect((await call(server, 'POST', `/orders/${pending.orderId}/ready`, sam)).status).toBe(403);
    const ready = await call(server, 'POST', `/orders/${pending.orderId}/ready`, kitchen);
    expect(ready.body).toEqual({ readyAt: server.app.now().toISOString() });
    expect((await later(3, () => call(server, 'POST', `/orders/${pending.orderId}/ready`, kitchen))).body).toEqual(ready.body);
    // The board's answers carry it, so every screen and a reload show it; the customer's own answer does not.
    expect((await call(server, 'GET', `/buy-product/${pending.orderId}`, kitchen)).body.readyAt).toBe(ready.body.readyAt);
    expect((await call(server, 'GET', `/buy-product/${pending.orderId}`, pending.customer)).body).not.toHaveProperty('readyAt');

    const warningsAt = async (minutes: number) =>
      (await later(minutes, () => board())).warnings as Array<{ orderId: string; kind: string; message: string }>;
    const short = pending.orderId.slice(18);
    expect((await warningsAt(9)).filter((w) => w.orderId === pending.orderId)).toEqual([]);
    expect((await warningsAt(12)).filter((w) => w.orderId === pending.orderId)).toEqual([
      { kind: 'unassigned', orderId: pending.orderId, orderNumber: short, minutes: 12, message: `Order ${short} ready 12 min, no driver` },
    ]);

    // On the way with Sam, and 15 minutes past its time: late.
    await assign(pending.orderId, sam);
    await pickUp(pending.orderId, sam);
    const [row] = await server.database.db.select({ expectedAt: orders.expectedAt }).from(orders).where(eq(orders.id, pending.orderId));
    const due = ((row?.expectedAt?.getTime() ?? 0) - server.app.now().getTime()) / 60_000;
    expect((await warningsAt(due + 14)).filter((w) => w.orderId === pending.orderId)).toEqual([]);
    expect((await warningsAt(due + 16)).filter((w) => w.orderId === pending.orderId)).toEqual([
      expect.objectContaining({ kind: 'late', minutes: 16, message: `Order ${short} on the way with Sam, 16 min past its time` }),
    ]);
    await deliver(pending.orderId, sam, { cashCollected: 17.19 });
  });

  it('reorders a run’s stops, each named once', async () => {
    const a = (await acceptedOrder('BS1 5AA')).orderId;
    const b = (await acceptedOrder('BS1 5AB')).orderId;
    const runId = (await assign(a, dee)).body.run.id as string;
    await assign(b, dee);
    expect((await call(server, 'PUT', `/runs/${runId}/order`, owner, { orderIds: [a] })).body).toMatchObject({
      statusCode: 422,
      code: 'RUN_ORDER_MISMATCH',
    });
    expect((await call(server, 'PUT', `/runs/0123456789abcdef01234567/order`, owner, { orderIds: [a] })).body).toMatchObject({
      statusCode: 404,
      code: 'RUN_NOT_FOUND',
    });
    const reordered = await call(server, 'PUT', `/runs/${runId}/order`, counter, { orderIds: [b, a] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.run.stops.map((stop: { orderId: string; position: number }) => [stop.orderId, stop.position])).toEqual([
      [b, 1],
      [a, 2],
    ]);
    for (const id of [a, b]) await call(server, 'DELETE', `/orders/${id}/assign`, owner);
  });

  it('tells the board of an assignment, and finishes a run whose last stop the shop canceled', async () => {
    const a = (await acceptedOrder('BS13 7AA')).orderId;
    const b = (await acceptedOrder('BS13 7AB')).orderId;
    const boardSocket = await connectSocket(server.url, { cookie: owner.cookie });
    const samsPhone = await connectSocket(server.url, { cookie: sam.cookie });
    const deesPhone = await connectSocket(server.url, { cookie: dee.cookie });
    try {
      const runId = (await assign(a, sam)).body.run.id as string;
      await boardSocket.waitFor('order_changed', a);
      // Sam's phone is nudged to fetch the runs again; Dee's, whose runs did not change, is not.
      await until(
        'Sam’s phone nudged',
        async () => samsPhone.received.filter((item) => item.event === 'runs_changed').length,
        (n) => n > 0,
      );
      await deesPhone.sync();
      expect(deesPhone.received.filter((item) => item.event === 'runs_changed')).toEqual([]);
      // The board never goes to a driver's phone.
      expect(samsPhone.received.filter((item) => item.event === 'order_changed')).toEqual([]);
      await assign(b, sam);
      await pickUp(a, sam);
      await deliver(a, sam, { cashCollected: 17.19 });
      expect((await driverRuns(sam)).find((run) => run.id === runId)?.finishedAt).toBeNull();
      // The customer called to cancel the second: nothing is left to deliver, so the run is finished.
      await call(server, 'PUT', `/update-sell-products/${b}`, owner, { status: 'Canceled Order', reason: 'Customer called' });
      const finished = await until(
        'the run finished',
        async () => (await driverRuns(sam)).find((run) => run.id === runId),
        (run) => run?.finishedAt !== null,
      );
      expect(finished?.stops.map((stop) => stop.status)).toEqual(['Delivered Order', 'Canceled Order']);
    } finally {
      boardSocket.close();
      samsPhone.close();
      deesPhone.close();
    }
  });

  it('records the driver’s pick-up and delivery of an order the shop moved on by hand', async () => {
    const { orderId } = await acceptedOrder('BS15 9AA');
    await assign(orderId, sam);
    expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, owner, { status: 'On the way' })).status).toBe(200);
    const picked = await pickUp(orderId, sam);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.run).toMatchObject({
      startedAt: expect.any(String),
      stops: [{ orderId, status: 'On the way', pickedUpAt: expect.any(String) }],
    });
    expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, owner, { status: 'Delivered Order' })).status).toBe(200);
    // The shop's hand counts as Sam's drop at once: the cash-up expects its cash before Sam says what was taken.
    const samsDay = async () => {
      const day = await call(server, 'GET', `/driver-shifts?date=${dateKey(londonParts(server.app.now()))}`, owner);
      return (day.body.shifts as Array<{ driver: { id: string }; drops: number; cashExpected: number; cashCollected: number }>).find(
        (shift) => shift.driver.id === sam.user.id,
      );
    };
    const stop = await until(
      'the drop counted',
      async () => (await server.database.db.select().from(runStops).where(eq(runStops.orderId, orderId)))[0],
      (row) => row?.deliveredAt != null,
    );
    expect(stop?.cashCollected).toBeNull();
    const unreported = await samsDay();
    const done = await deliver(orderId, sam, { cashCollected: 17.19 });
    // Sam's word adds the cash taken to the same drop, already expected.
    const reported = await samsDay();
    expect(reported?.drops).toBe(unreported?.drops);
    expect(reported?.cashExpected).toBeCloseTo(unreported?.cashExpected ?? 0, 2);
    expect((reported?.cashCollected ?? 0) - (unreported?.cashCollected ?? 0)).toBeCloseTo(17.19, 2);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.run).toMatchObject({
      finishedAt: expect.any(String),
      stops: [{ orderId, deliveredAt: expect.any(String), cashCollected: 17.19 }],
    });
    // The history has each change once, as the shop made it.
    const detail = await call(server, 'GET', `/buy-product/${orderId}`, owner);
    expect(detail.body.statusHistory.map((change: { status: string }) => change.status)).toEqual([
      'Pending Order',
      'Approved Order',
      'On the way',
      'Delivered Order',
    ]);
  });

  it('never puts one order on two runs when two dispatchers assign it at once', async () => {
    const orderIds = await Promise.all(
      ['BS16 1AA', 'BS16 1AB', 'BS16 1AD', 'BS16 1AE'].map(async (postcode) => (await acceptedOrder(postcode)).orderId),
    );
    // Each order to Sam and to Dee at once, by two dispatchers.
    const answers = await Promise.all(orderIds.flatMap((id) => [assign(id, sam, owner), assign(id, dee, counter)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const { db } = server.database;
    for (const id of orderIds) expect(await db.select().from(runStops).where(eq(runStops.orderId, id))).toHaveLength(1);
    // Each driver has at most one open run, its positions 1..n.
    for (const driver of [sam, dee]) {
      const open = await db
        .select({ id: deliveryRuns.id })
        .from(deliveryRuns)
        .where(and(eq(deliveryRuns.driverId, driver.user.id)));
      let openRuns = 0;
      for (const run of open) {
        const stops = await db.select({ position: runStops.position }).from(runStops).where(eq(runStops.runId, run.id));
        const onRun = stops.map((stop) => stop.position).sort((x, y) => x - y);
        if (onRun.length > 0 && (await db.select().from(deliveryRuns).where(eq(deliveryRuns.id, run.id)))[0]?.startedAt === null)
          openRuns += 1;
        expect(onRun).toEqual(onRun.map((_, i) => i + 1));
      }
      expect(openRuns).toBeLessThanOrEqual(1);
    }
    // Sam picks up while a dispatcher moves it to Dee: one of the two happens, never both, and nothing fails.
    for (const postcode of ['BS16 3AA', 'BS16 3AB', 'BS16 3AD']) {
      const { orderId } = await acceptedOrder(postcode);
      await assign(orderId, sam);
      const [picked, moved] = await Promise.all([pickUp(orderId, sam), assign(orderId, dee, counter)]);
      const [stop] = await db
        .select({ runId: runStops.runId, pickedUpAt: runStops.pickedUpAt })
        .from(runStops)
        .where(eq(runStops.orderId, orderId));
      if (picked.status === 200) {
        expect(moved.body.code).toMatch(/^(ALREADY_PICKED_UP|NOT_DISPATCHABLE)$/);
        expect(stop?.pickedUpAt).not.toBeNull();
        expect(await status(orderId)).toBe('On the way');
      } else {
        expect([picked.status, moved.status]).toEqual([404, 200]);
        expect(stop).toEqual({ runId: moved.body.run.id, pickedUpAt: null });
        expect(await status(orderId)).toBe('Approved Order');
      }
    }
    // Two orders to one driver at once land on one run.
    const [x, y] = await Promise.all([acceptedOrder('BS16 2AA'), acceptedOrder('BS16 2AB')]);
    const both = await Promise.all([assign(x.orderId, dee, owner), assign(y.orderId, dee, counter)]);
    expect(both[0]?.body.run.id).toBe(both[1]?.body.run.id);
  });
});
