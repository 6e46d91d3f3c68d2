// The tracker from real events and the order updates (decision 1702): the tracker's stages, stops before and the
// driver's position read from the run's rows; Web Push through a local push service that decrypts as a browser does,
// and texts through the Twilio stand-in, each exactly once per event.
import { eq } from 'drizzle-orm';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRuns, driverPositions, orders, orderUpdatesSent, pushSubscriptions, runStops } from '../src/db/schema';
import { emitOrderStatusChanged } from '../src/modules/orders/public';
import { subscribeOrderUpdates } from '../src/modules/order-updates/plugin';
import { testDatabases } from './harness';
import { call, placeCashOrder, startOrderingShop, type OrderingShop } from './order-fixtures';
import { startPushServiceStandIn, type PushServiceStandIn } from './push-service-stand-in';
import { signInAs, type SignedIn } from './sign-in';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';
import { until } from './until';

const MINUTE = 60_000;
/** How long to wait for a message that must not come: the updates are sent detached, within milliseconds here. */
const QUIET_MS = 400;

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

async function tokenOf(shop: OrderingShop, orderId: string): Promise<string> {
  const [row] = await shop.server.app.db.select({ token: orders.trackingToken }).from(orders).where(eq(orders.id, orderId));
  if (!row?.token) throw new Error('the order has no tracking token');
  return row.token;
}

async function setStatus(shop: OrderingShop, orderId: string, status: string): Promise<void> {
  const answer = await call(shop.server, 'PUT', `/update-sell-products/${orderId}`, shop.admin, { status });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe.each(testDatabases())('the tracker and order updates on %s', (kind) => {
  let shop: OrderingShop;
  let push: PushServiceStandIn;
  let twilio: TwilioStandIn;
  let driver: SignedIn;

  beforeAll(async () => {
    push = await startPushServiceStandIn();
    twilio = await startTwilioStandIn();
    shop = await startOrderingShop(kind, { PUSH_ALLOW_LOCAL_ENDPOINTS: '1', ...twilio.env() });
    driver = await signInAs(shop.server, { role: 'driver', username: 'Dan Driver' });
  }, 60_000);
  afterAll(async () => {
    await shop?.server.close();
    await push?.close();
    await twilio?.close();
  });

  /** A run of this shop's driver with `orderIds` as its stops 1, 2, ..., started now when `started`. */
  async function putOnRun(orderIds: string[], started: boolean): Promise<string> {
    const db = shop.server.app.db;
    const now = shop.server.app.now();
    const [run] = await db
      .insert(deliveryRuns)
      .values({ driverId: driver.user.id, createdBy: shop.admin.user.id, createdAt: now, startedAt: started ? now : null })
      .returning();
    if (!run) throw new Error('no run');
    await db.insert(runStops).values(
      orderIds.map((orderId, index) => ({
        orderId,
        runId: run.id,
        position: index + 1,
        assignedAt: now,
        pickedUpAt: started ? now : null,
      })),
    );
    return run.id;
  }

  it('shows each stage when it happened, the stops before this one, and the driver only while on the way', async () => {
    const { server } = shop;
    const [first, second, mine] = [await placeCashOrder(shop), await placeCashOrder(shop), await placeCashOrder(shop)] as [
      string,
      string,
      string,
    ];
    const token = await tokenOf(shop, mine);
    const track = async () => (await call(server, 'GET', `/track/${token}`, null)).body.delivery;

    // Not accepted yet: nothing to follow.
    expect(await track()).toBeNull();

    for (const id of [first, second, mine]) await setStatus(shop, id, 'Approved Order');
    const accepted = await track();
    const now = server.app.now().toISOString();
    expect(accepted).toEqual({
      acceptedAt: now,
      // An order for as soon as possible is made from its accept.
      readyAt: now,
      onTheWayAt: null,
      deliveredAt: null,
      stopsBefore: null,
      driverName: null,
      position: null,
      arrivesAt: null,
      map: null,
    });

    const runId = await putOnRun([first, second, mine], true);
    for (const id of [first, second, mine]) await setStatus(shop, id, 'On the way');
    const at = (minutes: number) => new Date(server.app.now().getTime() + minutes * MINUTE);
    await server.app.db.insert(driverPositions).values([
      { driverId: driver.user.id, runId, lat: 51.4545, lng: -2.5879, shown: true, recordedAt: at(1) },
      // Too far from the last in too short a time: kept, never shown.
      { driverId: driver.user.id, runId, lat: 55.9533, lng: -3.1883, shown: false, recordedAt: at(2) },
    ]);
    const onTheWay = await track();
    expect(onTheWay).toMatchObject({
      onTheWayAt: now,
      deliveredAt: null,
      stopsBefore: 2,
      driverName: 'Dan',
      position: { lat: 51.4545, lng: -2.5879, at: at(1).toISOString() },
      // Three stops from the pick-up, ten minutes each.
      arrivesAt: at(30).toISOString(),
    });

    // The first stop delivered: one before this one, timed from that delivery.
    await server.app.db
      .update(runStops)
      .set({ deliveredAt: at(8) })
      .where(eq(runStops.orderId, first));
    expect(await track()).toMatchObject({ stopsBefore: 1, arrivesAt: at(28).toISOString() });

    // The shop's map tiles, once set.
    const tiles = await call(server, 'PUT', '/shop-settings', shop.admin, {
      mapTileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
      mapAttribution: '© Example tiles',
    });
    expect(tiles.status).toBe(200);
    expect((await track()).map).toEqual({ tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: '© Example tiles' });

    // The customer's own order page carries the same progress.
    const page = await call(server, 'GET', `/buy-product/${mine}`, shop.customer);
    expect(page.body.delivery).toEqual(await track());
    // With its tracking link, where the customer turns the updates on; staff follow the order on the board instead.
    expect(page.body.trackingUrl).toBe(`/track/${token}`);
    expect((await call(server, 'GET', `/buy-product/${mine}`, shop.admin)).body.trackingUrl).toBeUndefined();

    // Delivered: the time it was, and nothing more of the driver.
    await server.app.db
      .update(runStops)
      .set({ deliveredAt: at(25) })
      .where(eq(runStops.orderId, mine));
    await setStatus(shop, mine, 'Delivered Order');
    expect(await track()).toMatchObject({
      deliveredAt: at(25).toISOString(),
      stopsBefore: null,
      driverName: null,
      position: null,
      arrivesAt: null,
    });
  });

  it('refuses a bad map tile URL in the settings', async () => {
    for (const mapTileUrl of ['http://tile.example.org/{z}/{x}/{y}.png', 'https://tile.example.org/tiles.png', 'javascript:alert(1)']) {
      const answer = await call(shop.server, 'PUT', '/shop-settings', shop.admin, { mapTileUrl });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('mapTileUrl must be an https URL template');
    }
  });

  it('sends one push and one text per event, however often the event is told and by however many listeners', async () => {
    const { server } = shop;
    expect((await call(server, 'PUT', '/shop-settings', shop.admin, { smsUpdates: true, pushUpdates: true })).status).toBe(200);
    const orderId = await placeCashOrder(shop);
    const token = await tokenOf(shop, orderId);
    const browser = push.subscribe();
    const subscribed = await call(server, 'POST', `/track/${token}/push`, null, browser);
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    expect(subscribed.body).toEqual({ push: { offered: true, on: true, subscriptions: 1 }, sms: { offered: true, on: true } });

    // A second process hearing the same changes.
    const stopSecond = subscribeOrderUpdates(server.app);
    const pushes = () => push.messages.filter((message) => message.endpoint === browser.endpoint);
    const texts = () => twilio.messages.filter((message) => message.body.includes(`order ${displayOrderId(orderId)} `));
    try {
      await setStatus(shop, orderId, 'Approved Order');
      // The same change told again.
      emitOrderStatusChanged(server.app.db, { orderId, userId: shop.customer.user.id, status: 'Approved Order', change: 'accepted' });
      await until(
        'the accepted push',
        async () => pushes().length,
        (n) => n >= 1,
      );
      await until(
        'the accepted text',
        async () => texts().length,
        (n) => n >= 1,
      );
      await quiet();
      expect(pushes()).toHaveLength(1);
      expect(texts()).toHaveLength(1);

      await setStatus(shop, orderId, 'On the way');
      emitOrderStatusChanged(server.app.db, { orderId, userId: shop.customer.user.id, status: 'On the way', change: 'on-the-way' });
      await setStatus(shop, orderId, 'Delivered Order');
      emitOrderStatusChanged(server.app.db, { orderId, userId: shop.customer.user.id, status: 'Delivered Order', change: 'delivered' });
      await until(
        'three pushes',
        async () => pushes().length,
        (n) => n >= 3,
      );
      await until(
        'three texts',
        async () => texts().length,
        (n) => n >= 3,
      );
      await quiet();
    } finally {
      await stopSecond();
    }

    const payloads = pushes().map((message) => JSON.parse(message.text) as { title: string; body: string; url: string; tag: string });
    const trackingUrl = `${server.config.publicOrigin}/track/${token}`;
    expect(payloads.map((payload) => payload.body)).toEqual([
      expect.stringMatching(/^Your order \S+ is accepted, expected at \d\d:\d\d\.$/),
      expect.stringMatching(/^Your order \S+ is on its way\.$/),
      expect.stringMatching(/^Your order \S+ has been delivered\. Enjoy!$/),
    ]);
    expect(payloads.every((payload) => payload.url === trackingUrl && payload.tag === `order-${orderId}`)).toBe(true);
    // Signed with the key the browser subscribed with, for the push service's origin.
    const { publicKey } = (await call(server, 'GET', '/push/key', null)).body;
    expect(pushes().every((message) => message.vapidKey === publicKey && message.claims.aud === push.url)).toBe(true);
    expect(push.refused).toEqual([]);

    const number = displayOrderId(orderId);
    expect(texts().map((message) => [message.to, message.body])).toEqual([
      [
        '+447700900456',
        expect.stringMatching(
          new RegExp(`^Takeaway Shop: Your order ${number} is accepted, expected at \\d\\d:\\d\\d\\. Follow it: ${trackingUrl}$`),
        ),
      ],
      ['+447700900456', `Takeaway Shop: Your order ${number} is on its way. Follow it: ${trackingUrl}`],
      ['+447700900456', `Takeaway Shop: Your order ${number} has been delivered. Enjoy!`],
    ]);
    const rows = await server.app.db.select().from(orderUpdatesSent).where(eq(orderUpdatesSent.orderId, orderId));
    expect(rows.map((row) => `${row.event}/${row.channel}`).sort()).toEqual([
      'accepted/push',
      'accepted/sms',
      'delivered/push',
      'delivered/sms',
      'on-the-way/push',
      'on-the-way/sms',
    ]);
  });

  it('sends nothing on a channel the customer turned off', async () => {
    const { server } = shop;
    const orderId = await placeCashOrder(shop);
    const token = await tokenOf(shop, orderId);
    const browser = push.subscribe();
    expect((await call(server, 'POST', `/track/${token}/push`, null, browser)).status).toBe(200);
    const off = await call(server, 'PUT', `/track/${token}/updates`, null, { push: false, sms: false });
    expect(off.body).toEqual({ push: { offered: true, on: false, subscriptions: 1 }, sms: { offered: true, on: false } });
    const textsBefore = twilio.messages.length;

    await setStatus(shop, orderId, 'Approved Order');
    await quiet();
    expect(push.messages.filter((message) => message.endpoint === browser.endpoint)).toEqual([]);
    expect(twilio.messages.length).toBe(textsBefore);
    expect(await server.app.db.select().from(orderUpdatesSent).where(eq(orderUpdatesSent.orderId, orderId))).toEqual([]);

    // Back on: the next event goes out.
    expect((await call(server, 'PUT', `/track/${token}/updates`, null, { push: true })).body.push.on).toBe(true);
    await setStatus(shop, orderId, 'On the way');
    await until(
      'the on-the-way push',
      async () => push.messages.filter((message) => message.endpoint === browser.endpoint).length,
      (n) => n === 1,
    );
    await quiet();
    expect(twilio.messages.length).toBe(textsBefore);
  });

  it('ends a subscription the push service says is gone', async () => {
    const { server } = shop;
    const orderId = await placeCashOrder(shop);
    const token = await tokenOf(shop, orderId);
    const browser = push.subscribe();
    expect((await call(server, 'POST', `/track/${token}/push`, null, browser)).status).toBe(200);
    push.markGone(browser.endpoint);
    await setStatus(shop, orderId, 'Approved Order');
    const [ended] = await until(
      'the subscription ended',
      async () => server.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint)),
      (rows) => rows[0]?.endedAt != null,
    );
    expect(ended?.endedAt).not.toBeNull();
    expect(push.refused.filter((refusal) => refusal.endpoint === browser.endpoint).map((refusal) => refusal.status)).toEqual([410]);
    expect((await call(server, 'GET', `/track/${token}/updates`, null)).body.push.subscriptions).toBe(0);

    // Nothing more is posted to it.
    await setStatus(shop, orderId, 'On the way');
    await quiet();
    expect(push.refused.filter((refusal) => refusal.endpoint === browser.endpoint)).toHaveLength(1);
  });

  it('refuses an endpoint that is not an https URL of a public push service', async () => {
    const orderId = await placeCashOrder(shop);
    const token = await tokenOf(shop, orderId);
    const keys = push.subscribe().keys;
    for (const [endpoint, why] of [
      ['http://push.example.com/send/1', 'must be an https URL'],
      ['https://192.168.1.10/push', 'not an IP address'],
      ['https://169.254.169.254/latest/meta-data', 'not an IP address'],
      ['https://metadata.google.internal/push', 'not one of a private network'],
    ] as const) {
      const answer = await call(shop.server, 'POST', `/track/${token}/push`, null, { endpoint, keys });
      expect(answer.status, endpoint).toBe(422);
      expect(answer.body).toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED' });
      expect(answer.body.message).toContain(why);
    }
    expect(await shop.server.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, orderId))).toEqual([]);
    // An unknown link is 404, as the tracking page's.
    expect((await call(shop.server, 'POST', `/track/${'x'.repeat(24)}/push`, null, push.subscribe())).status).toBe(404);
  });

  it('sends nothing, and takes no subscription, when the shop turns the updates off', async () => {
    const { server } = shop;
    const orderId = await placeCashOrder(shop);
    const token = await tokenOf(shop, orderId);
    const browser = push.subscribe();
    expect((await call(server, 'POST', `/track/${token}/push`, null, browser)).status).toBe(200);
    expect((await call(server, 'PUT', '/shop-settings', shop.admin, { pushUpdates: false, smsUpdates: false })).status).toBe(200);
    const textsBefore = twilio.messages.length;

    await setStatus(shop, orderId, 'Approved Order');
    await quiet();
    expect(push.messages.filter((message) => message.endpoint === browser.endpoint)).toEqual([]);
    expect(twilio.messages.length).toBe(textsBefore);
    const refused = await call(server, 'POST', `/track/${token}/push`, null, push.subscribe());
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'PUSH_UPDATES_OFF' });
    expect((await call(server, 'GET', `/track/${token}/updates`, null)).body).toEqual({
      push: { offered: false, on: true, subscriptions: 1 },
      sms: { offered: false, on: true },
    });
    expect((await call(server, 'PUT', '/shop-settings', shop.admin, { pushUpdates: true })).status).toBe(200);
  });

  it('keeps one VAPID key pair', async () => {
    const first = await call(shop.server, 'GET', '/push/key', null);
    const second = await call(shop.server, 'GET', '/push/key', null);
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.body.publicKey).toBe(first.body.publicKey);
  });
});
