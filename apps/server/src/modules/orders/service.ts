import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CartLine } from '@shop/shared/contract/cart';
import {
  buyProductRequestSchema, createPaymentIntentRequestSchema,
  type CreatePaymentIntentAnswer, type CustomerNotificationWire, type OrderWire,
} from '@shop/shared/contract/orders';
import { shopDateTime } from '@shop/shared/domain/dates';
import { ADD_ADDRESS_PLACING, MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { formatPounds, penceToPounds, poundsToPence } from '@shop/shared/domain/money';
import { orderingStatus } from '@shop/shared/domain/opening-hours';
import { INITIAL_ORDER_STATUS, type OrderStatus } from '@shop/shared/domain/order-status';
import { PricingError, quoteCart, type CartQuote } from '@shop/shared/domain/pricing';
import { runPrepared, type Db, type PreparedSql } from '../../db/client';
import { newId } from '../../db/id';
import {
  idempotencyKeys, notifications, orders, orderStatusHistory, payments, stripeEvents,
  type PaymentType,
} from '../../db/schema';
import { HttpError } from '../../http-errors';
import { imageUrl } from '../../images/store';
import { paymentConfig, paymentProvider, type ProviderEvent } from '../../payments/provider';
import { isOwnerOrAdmin } from '../auth/guards';
import { findUserByEmail } from '../auth/service';
import type { SessionUser } from '../auth/session';
import { ADDRESS_NOT_FOUND, findAddressOf } from '../addresses/service';
import { loadOrderCatalogue } from '../pricing/load-catalogue';
import { emitOrderPlaced } from './events';
import { toOrderWire, toStoredItem, type StoredOrderItem } from './wire';

export const ORDER_NOT_FOUND = 'Order not found';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different order';
export const CARD_THROUGH_INTENT = 'Card orders are paid through POST /api/create-payment-intent';

/**
 * Orders the shop sees: cash orders, and card orders once the provider says they are paid. A card order
 * waiting for (or refused) payment is the customer's business only and never reaches an order list.
 */
export const placedOrderCondition: SQL = or(eq(orders.paymentType, 'Cash'), eq(orders.paymentStatus, 'paid')) as SQL;

/** An order's contents, priced and checked in memory; the address is checked where the order is inserted. */
interface PricedOrder {
  quote: CartQuote;
  items: StoredOrderItem[];
  addressId: string;
  note: string;
}

interface OrderInput {
  items: CartLine[];
  addressId?: string | null | undefined;
  note: string;
}

function refuseWhenClosed(now: Date): void {
  const status = orderingStatus(now);
  if (!status.acceptingOrders) throw new HttpError(422, status.message);
}

function checkEmail(user: SessionUser, email: string | undefined): void {
  if (email !== undefined && email.trim().toLowerCase() !== user.email) {
    throw new HttpError(403, 'An order can only be placed for your own account');
  }
}

/** Prices the cart from the in-memory menu (422 on a refusal or under the minimum); `checkQuote` may refuse more. */
async function priceOrder(app: FastifyInstance, input: OrderInput, addressId: string, checkQuote: (quote: CartQuote) => void): Promise<PricedOrder> {
  const catalogue = await loadOrderCatalogue(app.db);
  let quote: CartQuote;
  try {
    quote = quoteCart(input.items, catalogue.pricing);
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(422, error.message);
    throw error;
  }
  if (quote.lines.length === 0 || !quote.meetsMinimum) throw new HttpError(422, MINIMUM_ORDER);
  checkQuote(quote);
  // Described from the same menu snapshot the lines were priced from: no query, and no product can be missing.
  const items = quote.lines.map((priced, index) =>
    toStoredItem(priced, input.items[index] as CartLine, catalogue.descriptions.get(priced.productId) ?? ''),
  );
  return { quote, items, addressId, note: input.note.trim() };
}

function requestHash(kind: string, payload: unknown): string {
  return createHash('sha256').update(kind).update('\n').update(JSON.stringify(payload)).digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

async function findKey(db: Db, userId: string, key: string): Promise<KeyRow | null> {
  const rows = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
  return rows[0] ?? null;
}

function replayedOrderId(row: KeyRow, hash: string): string {
  if (row.requestHash !== hash) throw new HttpError(409, KEY_REUSED);
  if (!row.orderId) throw new HttpError(409, 'An order with this Idempotency-Key is still being placed');
  return row.orderId;
}

interface InsertOrder {
  user: SessionUser;
  priced: PricedOrder;
  paymentType: PaymentType;
  key: { key: string; hash: string } | null;
  now: Date;
}

/**
 * One statement (so one transaction and one round trip) that places an order: it reads the address only if
 * the user owns it, claims the idempotency key (`on conflict do nothing` on the unique (user_id, key) index, so
 * a concurrent twin waits for this transaction and then claims nothing), and inserts the order with a copy of
 * the address, its first status-history entry (cash only: a card order's history starts when it is paid) and
 * the key's link to it, each only if the step before it happened. Foreign keys are checked at the end of the
 * statement, so the key may name the order inserted beside it. The text depends only on whether there is a
 * key and whether it is cash, so each of the four is prepared once per connection.
 */
function placeOrderStatement({ user, priced, paymentType, key, now }: InsertOrder): { statement: PreparedSql; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const { date, time } = shopDateTime(now);
  const cash = paymentType === 'Cash';
  // Untyped where the column decides (so the char(24) indexes are used), cast where a select list would guess text.
  const addressId = param(priced.addressId);
  const userId = param(user.id);
  const orderId = param(newId());
  const at = `${param(now.toISOString())}::text::timestamptz`;
  const status = `${param(INITIAL_ORDER_STATUS)}::text`;
  const parts = [
    `with a as (select firstname, lastname, email, phone, address, address2, city, postcode from addresses where id = ${addressId} and user_id = ${userId})`,
  ];
  if (key) {
    parts.push(`, k as (insert into idempotency_keys (id, key, user_id, request_hash, order_id, created_at)
      select ${param(newId())}::text, ${param(key.key)}::text, ${userId}, ${param(key.hash)}::text, ${orderId}::text, ${at} from a
      on conflict (user_id, key) do nothing returning id)`);
  }
  parts.push(`, o as (insert into orders (id, user_id, email, items, subtotal, total, payment_type, payment_status, status, address_id, address, note, date, time, created_at)
      select ${orderId}::text, ${userId}, ${param(user.email)}::text, ${param(JSON.stringify(priced.items))}::text::jsonb,
        ${param(priced.quote.subtotal)}::int, ${param(priced.quote.total)}::int, ${param(paymentType)}::text,
        ${param(cash ? 'unpaid' : 'pending')}::text, ${status}, ${addressId}, to_jsonb(a), ${param(priced.note)}::text,
        ${param(date)}::text, ${param(time)}::text, ${at}
      from a${key ? ' where exists (select 1 from k)' : ''} returning id)`);
  if (cash) {
    parts.push(`, h as (insert into order_status_history (id, order_id, status, changed_by, changed_at)
      select ${param(newId())}::text, o.id, ${status}, ${userId}, ${at} from o)`);
  }
  parts.push('select (select id from o) as order_id');
  return { statement: { name: `place-order${key ? '-key' : ''}${cash ? '-cash' : '-card'}`, text: parts.join('\n') }, values };
}

/** The new order's id, or null when nothing was inserted (the address is not the user's, or the key is taken). */
async function insertOrder(db: Db, order: InsertOrder): Promise<string | null> {
  const { statement, values } = placeOrderStatement(order);
  const rows = await runPrepared<{ order_id: string | null }>(db, statement, values);
  return rows[0]?.order_id ?? null;
}

/**
 * Places an order once per idempotency key. The usual request costs one statement: the checks that need no
 * database (hours, prices) run first, then the statement checks the address and claims the key. When anything
 * refuses, or the statement inserted nothing, the answer is worked out in the documented order: a known key
 * first (its order, even if the shop has closed since), then hours, the address, the prices.
 */
async function placeOrder(
  app: FastifyInstance,
  user: SessionUser,
  input: OrderInput,
  paymentType: PaymentType,
  key: InsertOrder['key'],
  checkQuote: (quote: CartQuote) => void,
): Promise<{ orderId: string; created: boolean }> {
  const now = app.now();
  const addressId = input.addressId;
  if (addressId && orderingStatus(now).acceptingOrders) {
    const priced = await priceOrder(app, input, addressId, checkQuote).catch((error: unknown) => {
      if (error instanceof HttpError) return null;
      throw error;
    });
    if (priced) {
      const orderId = await insertOrder(app.db, { user, priced, paymentType, key, now });
      if (orderId) return { orderId, created: true };
    }
  }

  if (key) {
    const existing = await findKey(app.db, user.id, key.key);
    if (existing) return { orderId: replayedOrderId(existing, key.hash), created: false };
  }
  refuseWhenClosed(now);
  if (!addressId) throw new HttpError(400, ADD_ADDRESS_PLACING);
  // Someone else's address answers like a missing one.
  if (!(await findAddressOf(app.db, user.id, addressId))) throw new HttpError(404, ADDRESS_NOT_FOUND);
  const priced = await priceOrder(app, input, addressId, checkQuote);
  // Every check passes now, so the first attempt lost a race (a twin with this key rolled back, the address
  // was added meanwhile): try once more, and answer whatever holds the key or the address then.
  const orderId = await insertOrder(app.db, { user, priced, paymentType, key, now });
  if (orderId) return { orderId, created: true };
  const existing = key ? await findKey(app.db, user.id, key.key) : null;
  if (existing && key) return { orderId: replayedOrderId(existing, key.hash), created: false };
  throw new HttpError(404, ADDRESS_NOT_FOUND);
}

/** `POST /api/buy-product`: a cash order, placed at once. */
export async function placeCashOrder(app: FastifyInstance, user: SessionUser, body: unknown, idempotencyKey: string | null): Promise<{ orderId: string; created: boolean }> {
  const input = buyProductRequestSchema.parse(body);
  if (input.paymentType === 'Card') throw new HttpError(400, CARD_THROUGH_INTENT);
  checkEmail(user, input.email);
  const key = idempotencyKey
    ? { key: idempotencyKey, hash: requestHash('buy-product', { items: input.items, addressId: input.addressId ?? null, note: input.note, paymentType: 'Cash' }) }
    : null;
  const result = await placeOrder(app, user, input, 'Cash', key, () => undefined);
  if (result.created) emitOrderPlaced(app, { orderId: result.orderId, userId: user.id });
  return result;
}

/**
 * `POST /api/create-payment-intent`: prices the cart, records a card order waiting for payment (seen by
 * nobody but its customer) and opens the provider's payment intent for exactly that amount.
 */
export async function startCardOrder(app: FastifyInstance, user: SessionUser, body: unknown, idempotencyKey: string | null): Promise<CreatePaymentIntentAnswer> {
  const input = createPaymentIntentRequestSchema.parse(body);
  checkEmail(user, input.email);
  const key = idempotencyKey
    ? { key: idempotencyKey, hash: requestHash('create-payment-intent', { items: input.items, addressId: input.addressId ?? null, note: input.note }) }
    : null;
  const { orderId } = await placeOrder(app, user, input, 'Card', key, (quote) => {
    if (input.price !== undefined && poundsToPence(input.price) !== quote.total) {
      throw new HttpError(400, `The price sent does not match the order total of ${formatPounds(quote.total)}`);
    }
  });
  return openIntent(app, user, orderId);
}

async function openIntent(app: FastifyInstance, user: SessionUser, orderId: string): Promise<CreatePaymentIntentAnswer> {
  const order = (await app.db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  if (order.paymentStatus === 'paid') throw new HttpError(409, 'This order is already paid');
  const provider = paymentProvider(app);
  let intent;
  try {
    intent = order.paymentIntentId
      ? await provider.retrieveIntent(order.paymentIntentId)
      : await provider.createIntent({ amount: order.total, orderId: order.id, email: user.email, idempotencyKey: `order-${order.id}` });
  } catch (error) {
    app.log.error({ err: error, orderId }, 'payment intent could not be created');
    throw new HttpError(502, 'The card payment could not be started. Please try again.');
  }
  if (!order.paymentIntentId) {
    const now = app.now();
    await app.db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentIntentId: intent.id }).where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
      await tx
        .insert(payments)
        .values({ userId: user.id, orderId: order.id, provider: provider.kind, intentId: intent.id, amount: intent.amount, status: intent.status, createdAt: now })
        .onConflictDoNothing();
    });
  }
  return {
    clientSecret: intent.clientSecret,
    orderId: order.id,
    ...paymentConfig(provider),
    amount: penceToPounds(order.total),
  };
}

/**
 * Applies a provider event exactly once (the stripe_events primary key makes a replay a no-op, in the same
 * transaction as its effect). `payment_intent.succeeded` marks the card order paid and places it;
 * `payment_intent.payment_failed` marks a waiting order failed. Answers whether it was a duplicate.
 */
export async function applyPaymentEvent(app: FastifyInstance, event: ProviderEvent): Promise<{ duplicate: boolean; placedOrderId: string | null }> {
  const now = app.now();
  const result = await app.db.transaction(async (tx) => {
    const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (fresh.length === 0) return { duplicate: true, placed: null as { orderId: string; userId: string } | null };

    const { intent } = event;
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return { duplicate: false, placed: null };
    const byIntent = intent.id ? eq(orders.paymentIntentId, intent.id) : undefined;
    // The intent's metadata names the order even if the server stopped before linking the two.
    const byMetadata = intent.orderId ? and(eq(orders.id, intent.orderId), isNull(orders.paymentIntentId)) : undefined;
    const where = byIntent && byMetadata ? or(byIntent, byMetadata) : (byIntent ?? byMetadata);
    const order = where ? (await tx.select().from(orders).where(and(eq(orders.paymentType, 'Card'), where)).limit(1))[0] : undefined;
    if (!order) {
      app.log.warn({ eventId: event.id, intentId: intent.id }, 'payment event for no known order');
      return { duplicate: false, placed: null };
    }

    if (event.type === 'payment_intent.payment_failed') {
      await tx.update(orders).set({ paymentStatus: 'failed', updatedAt: now }).where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
      await tx.update(payments).set({ status: intent.status || 'requires_payment_method', updatedAt: now }).where(eq(payments.intentId, intent.id));
      return { duplicate: false, placed: null };
    }

    if (intent.amount < order.total) {
      // Only the server sets an intent's amount, so this is a forged or mistaken intent: the order is not placed for less.
      app.log.error({ orderId: order.id, intentAmount: intent.amount, orderTotal: order.total }, 'paid amount is below the order total: order not placed');
      await tx.update(payments).set({ status: 'amount_below_total', updatedAt: now }).where(eq(payments.intentId, intent.id));
      return { duplicate: false, placed: null };
    }
    if (intent.amount > order.total) {
      app.log.error({ orderId: order.id, intentAmount: intent.amount, orderTotal: order.total }, 'paid amount is above the order total');
    }
    const paid = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paymentIntentId: intent.id, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ['pending', 'failed'])))
      .returning({ id: orders.id, userId: orders.userId });
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.intentId, intent.id));
    const row = paid[0];
    if (!row) return { duplicate: false, placed: null };
    await tx.insert(orderStatusHistory).values({ orderId: row.id, status: INITIAL_ORDER_STATUS, changedBy: row.userId, changedAt: now });
    return { duplicate: false, placed: { orderId: row.id, userId: row.userId } };
  });
  if (result.placed) emitOrderPlaced(app, result.placed);
  return { duplicate: result.duplicate, placedOrderId: result.placed?.orderId ?? null };
}

/** One order for its customer or an admin; anyone else gets 404, as for a missing order. */
export async function getOrder(db: Db, user: SessionUser, id: string): Promise<OrderWire> {
  const row = (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
  if (!row || !isOwnerOrAdmin(user, row.userId)) throw new HttpError(404, ORDER_NOT_FOUND);
  return toOrderWire(row);
}

/** `GET /api/my-product-history/{email}`: the user's placed orders, newest first. */
export async function listOrderHistory(db: Db, email: string): Promise<OrderWire[]> {
  const userId = (await findUserByEmail(db, email))?.id;
  if (!userId) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), placedOrderCondition))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrderWire);
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  'Pending Order': 'Your order has been placed',
  'Approved Order': 'Your order has been approved',
  'On the way': 'Your order is on the way',
  'Delivered Order': 'Your order has been delivered',
  'Canceled Order': 'Your order has been canceled',
};

/**
 * `GET /api/my-product/{email}`: the user's notifications, newest first: every status change of their
 * placed orders (from the order history), and the shop's notices sent to them or to every customer.
 */
export async function listCustomerNotifications(db: Db, email: string): Promise<CustomerNotificationWire[]> {
  const userId = (await findUserByEmail(db, email))?.id;
  if (!userId) return [];
  const changes = await db
    .select({ id: orderStatusHistory.id, orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, at: orderStatusHistory.changedAt })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(and(eq(orders.userId, userId), placedOrderCondition));
  const notices = await db
    .select()
    .from(notifications)
    .where(or(eq(notifications.userId, userId), isNull(notifications.userId)));

  const fromChanges: CustomerNotificationWire[] = changes.map((change) => ({
    _id: change.id,
    kind: 'order',
    title: `Order ${change.orderId.slice(18)}: ${change.status}`,
    description: STATUS_TEXT[change.status],
    orderId: change.orderId,
    status: change.status,
    imageUrl: null,
    ...shopDateTime(change.at),
    createdAt: change.at.toISOString(),
  }));
  const fromNotices: CustomerNotificationWire[] = notices.map((notice) => ({
    _id: notice.id,
    kind: 'notice',
    title: notice.title,
    description: notice.description,
    orderId: notice.orderId,
    status: null,
    imageUrl: imageUrl(notice.imageId, 160),
    ...shopDateTime(notice.createdAt),
    createdAt: notice.createdAt.toISOString(),
  }));
  return [...fromChanges, ...fromNotices].sort((a, b) => (a.createdAt === b.createdAt ? b._id.localeCompare(a._id) : b.createdAt.localeCompare(a.createdAt)));
}
