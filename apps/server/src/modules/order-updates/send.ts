import http from 'node:http';
import https from 'node:https';
import { and, eq, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import type { OrderUpdateChannel, OrderUpdateEvent } from '@shop/shared/contract/order-updates';
import { pushEndpointProblem } from '@shop/shared/domain/push-endpoint';
import type { ServiceContext } from '../../context';
import { orders, orderUpdatesSent, pushSubscriptions } from '../../db/schema';
import { sendSms, smsConfigured } from '../../sms/sms';
import { trackingPath, type OrderChangeKind, type OrderStatusChangedEvent } from '../orders/public';
import { readShopIdentity, readShopSettings } from '../settings/public';
import { vapidKeys } from './keys';
import { publicOnlyLookup } from './public-lookup';
import { optedOut } from './service';
import { pushPayload, smsText, type UpdateFacts } from './texts';

/** How long a push service has to answer, and how long it keeps an update for a browser that is offline (seconds). */
export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_TTL_SECONDS = 60 * 60;

const publicLookup = publicOnlyLookup();

const EVENT_OF: Partial<Record<OrderChangeKind, OrderUpdateEvent>> = {
  accepted: 'accepted',
  'on-the-way': 'on-the-way',
  delivered: 'delivered',
};

/**
 * Claims an update's (order, event, channel): true for the one caller that inserts the row, false when it was sent
 * already (by an earlier event, a repeated one, or another process that heard the same change). The claim comes
 * before the sending, so an update goes out at most once; one whose sending failed is logged, not retried.
 */
async function claim(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  orderId: string,
  event: OrderUpdateEvent,
  channel: OrderUpdateChannel,
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(orderUpdatesSent)
    .values({ orderId, event, channel, sentAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ orderId: orderUpdatesSent.orderId });
  return inserted.length > 0;
}

/** The updates of one committed order change: each channel the shop and the customer have on, exactly once per event. */
export async function sendOrderUpdates(ctx: ServiceContext, change: OrderStatusChangedEvent): Promise<void> {
  const event = EVENT_OF[change.change];
  if (!event) return;
  const order = (
    await ctx.db
      .select({
        id: orders.id,
        phone: orders.phone,
        fulfilment: orders.fulfilment,
        expectedAt: orders.expectedAt,
        token: orders.trackingToken,
      })
      .from(orders)
      .where(eq(orders.id, change.orderId))
      .limit(1)
  )[0];
  if (!order?.token) return;
  const settings = await readShopSettings(ctx.db);
  const off = await optedOut(ctx.db, order.id);
  const facts: UpdateFacts = {
    orderId: order.id,
    fulfilment: order.fulfilment,
    expectedAt: order.expectedAt,
    shopName: (await readShopIdentity(ctx)).name,
    trackingUrl: `${ctx.config.publicOrigin}${trackingPath(order.token)}`,
  };
  const work: Array<Promise<void>> = [];
  if (settings.pushUpdates && !off.has('push')) work.push(sendPush(ctx, event, facts));
  if (settings.smsUpdates && !off.has('sms') && order.phone !== null && smsConfigured(ctx.config))
    work.push(sendText(ctx, event, facts, order.phone));
  await Promise.all(work);
}

async function sendText(ctx: ServiceContext, event: OrderUpdateEvent, facts: UpdateFacts, phone: string): Promise<void> {
  if (!(await claim(ctx, facts.orderId, event, 'sms'))) return;
  try {
    await sendSms(ctx, { to: phone, body: smsText(event, facts) });
  } catch (error) {
    ctx.log.warn({ err: error, orderId: facts.orderId, event }, 'order update text not sent');
  }
}

async function sendPush(ctx: ServiceContext, event: OrderUpdateEvent, facts: UpdateFacts): Promise<void> {
  const subscriptions = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.orderId, facts.orderId), isNull(pushSubscriptions.endedAt)));
  if (subscriptions.length === 0) return;
  if (!(await claim(ctx, facts.orderId, event, 'push'))) return;
  const keys = await vapidKeys(ctx);
  const payload = JSON.stringify(pushPayload(event, facts));
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // The rule again at sending: a setting may have changed since the browser subscribed.
      if (pushEndpointProblem(subscription.endpoint, { allowLocal: ctx.config.webPush.allowLocalEndpoints })) return;
      try {
        const status = await postPush(ctx, keys, subscription, payload);
        // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 section 7.3).
        if (status === 404 || status === 410)
          await ctx.db.update(pushSubscriptions).set({ endedAt: ctx.now() }).where(eq(pushSubscriptions.id, subscription.id));
        else if (status < 200 || status >= 300)
          ctx.log.warn({ orderId: facts.orderId, event, status }, 'push service refused an order update');
      } catch (error) {
        ctx.log.warn({ err: error, orderId: facts.orderId, event }, 'order update push not sent');
      }
    }),
  );
}

/**
 * One Web Push message (RFC 8030), encrypted for the browser (RFC 8291, aes128gcm) and signed with the shop's VAPID
 * key (RFC 8292) by the web-push package. Sent with node's https, which follows no redirect, to an address
 * publicOnlyLookup has checked (the loopback stand-in of tests excepted). Answers the push service's status.
 */
async function postPush(
  ctx: Pick<ServiceContext, 'config'>,
  keys: { publicKey: string; privateKey: string },
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: ctx.config.webPush.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  const url = new URL(request.endpoint);
  const local = ctx.config.webPush.allowLocalEndpoints && url.protocol === 'http:';
  return new Promise<number>((resolve, reject) => {
    const sent = (local ? http : https).request(
      url,
      {
        method: request.method,
        headers: request.headers as Record<string, string>,
        timeout: PUSH_TIMEOUT_MS,
        ...(ctx.config.webPush.allowLocalEndpoints ? {} : { lookup: publicLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    sent.on('timeout', () => sent.destroy(new Error(`The push service did not answer in ${PUSH_TIMEOUT_MS} ms`)));
    sent.on('error', reject);
    sent.end(request.body ?? undefined);
  });
}
