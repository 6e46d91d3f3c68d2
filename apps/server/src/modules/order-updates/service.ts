import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { OrderUpdateChannel, OrderUpdatesAnswer, OrderUpdatesChange, PushSubscribeBody } from '@shop/shared/contract/order-updates';
import { pushEndpointProblem } from '@shop/shared/domain/push-endpoint';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { orders, orderUpdateOptOuts, pushSubscriptions } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { smsConfigured } from '../../sms/sms';
import { TRACKING_NOT_FOUND } from '../orders/public';
import { readShopSettings } from '../settings/public';

/** Browsers one order's updates go to at most: a newer subscription ends the oldest. */
export const MAX_SUBSCRIPTIONS_PER_ORDER = 5;

export const PUSH_OFF_MESSAGE = 'This shop does not send notifications';

type Ctx = Pick<ServiceContext, 'config' | 'db' | 'now'>;

/** The order a tracking link names: its id and phone; 404 as the tracking page answers for an unknown link. */
async function orderOfToken(db: Db, token: string): Promise<{ id: string; phone: string | null }> {
  const row = (await db.select({ id: orders.id, phone: orders.phone }).from(orders).where(eq(orders.trackingToken, token)).limit(1))[0];
  if (!row) throw new HttpError('ORDER_NOT_FOUND', TRACKING_NOT_FOUND);
  return row;
}

/** The channels turned off for an order. */
export async function optedOut(db: Db, orderId: string): Promise<Set<OrderUpdateChannel>> {
  const rows = await db
    .select({ channel: orderUpdateOptOuts.channel })
    .from(orderUpdateOptOuts)
    .where(eq(orderUpdateOptOuts.orderId, orderId));
  return new Set(rows.map((row) => row.channel as OrderUpdateChannel));
}

async function answerFor(ctx: Ctx, order: { id: string; phone: string | null }): Promise<OrderUpdatesAnswer> {
  const settings = await readShopSettings(ctx.db);
  const off = await optedOut(ctx.db, order.id);
  const [active] = await ctx.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.orderId, order.id), isNull(pushSubscriptions.endedAt)));
  return {
    push: { offered: settings.pushUpdates, on: !off.has('push'), subscriptions: active?.n ?? 0 },
    sms: { offered: settings.smsUpdates && smsConfigured(ctx.config) && order.phone !== null, on: !off.has('sms') },
  };
}

/** `GET /api/track/:token/updates`. */
export async function readOrderUpdates(ctx: Ctx, token: string): Promise<OrderUpdatesAnswer> {
  return answerFor(ctx, await orderOfToken(ctx.db, token));
}

/** `PUT /api/track/:token/updates`: a channel turned off is recorded; turned on, the record goes. */
export async function changeOrderUpdates(ctx: Ctx, token: string, change: OrderUpdatesChange): Promise<OrderUpdatesAnswer> {
  const order = await orderOfToken(ctx.db, token);
  for (const channel of ['push', 'sms'] as const) {
    const on = change[channel];
    if (on === undefined) continue;
    if (on) {
      await ctx.db.delete(orderUpdateOptOuts).where(and(eq(orderUpdateOptOuts.orderId, order.id), eq(orderUpdateOptOuts.channel, channel)));
    } else {
      await ctx.db.insert(orderUpdateOptOuts).values({ orderId: order.id, channel, at: ctx.now() }).onConflictDoNothing();
    }
  }
  return answerFor(ctx, order);
}

/**
 * `POST /api/track/:token/push`: this browser gets the order's updates. Refused when the shop sends none, or when
 * the endpoint is not an https URL of a public push service (domain/push-endpoint.ts). Subscribing turns push on
 * again for the order.
 */
export async function subscribeToOrder(ctx: Ctx, token: string, body: PushSubscribeBody): Promise<OrderUpdatesAnswer> {
  const order = await orderOfToken(ctx.db, token);
  if (!(await readShopSettings(ctx.db)).pushUpdates) throw new HttpError('PUSH_UPDATES_OFF', PUSH_OFF_MESSAGE);
  const problem = pushEndpointProblem(body.endpoint, { allowLocal: ctx.config.webPush.allowLocalEndpoints });
  if (problem) throw new HttpError('PUSH_ENDPOINT_REFUSED', problem);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ orderId: order.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.orderId, pushSubscriptions.endpoint],
        set: { p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now, endedAt: null },
      });
    await tx.delete(orderUpdateOptOuts).where(and(eq(orderUpdateOptOuts.orderId, order.id), eq(orderUpdateOptOuts.channel, 'push')));
    const active = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.orderId, order.id), isNull(pushSubscriptions.endedAt)))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    for (const old of active.slice(0, Math.max(0, active.length - MAX_SUBSCRIPTIONS_PER_ORDER)))
      await tx.update(pushSubscriptions).set({ endedAt: now }).where(eq(pushSubscriptions.id, old.id));
  });
  return answerFor(ctx, order);
}

/** `DELETE /api/track/:token/push`: this browser's subscription ends (nothing happens for one the order does not have). */
export async function unsubscribeFromOrder(ctx: Ctx, token: string, endpoint: string): Promise<OrderUpdatesAnswer> {
  const order = await orderOfToken(ctx.db, token);
  await ctx.db
    .update(pushSubscriptions)
    .set({ endedAt: ctx.now() })
    .where(and(eq(pushSubscriptions.orderId, order.id), eq(pushSubscriptions.endpoint, endpoint), isNull(pushSubscriptions.endedAt)));
  return answerFor(ctx, order);
}
