import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CartLine } from '@shop/shared/contract/cart';
import type { buyProductRequestSchema, CreatePaymentIntentAnswer, createPaymentIntentRequestSchema } from '@shop/shared/contract/orders';
import { toCartLines, type OrderItem } from '@shop/shared/contract/spec-order-items';
import { shopDateTime } from '@shop/shared/domain/dates';
import { ADD_ADDRESS_PLACING, MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { formatPounds, penceToPounds, poundsToPence } from '@shop/shared/domain/money';
import { orderingStatus } from '@shop/shared/domain/opening-hours';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { INITIAL_ORDER_STATUS } from '@shop/shared/domain/order-status';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { ORDER_TOO_LARGE, PricingError, quoteCart, type CartQuote } from '@shop/shared/domain/pricing';
import type { ServiceContext } from '../../context';
import { runPrepared, type Db, type PreparedSql } from '../../db/client';
import { newId } from '../../db/id';
import { idempotencyKeys, orders } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { SessionUser } from '../auth/public';
import { ADDRESS_NOT_FOUND, findAddressOf } from '../addresses/public';
import { openPaymentIntent, paymentConfig, type PaymentProvider } from '../payments/public';
import { deliveryFeeFor } from '../delivery/public';
import { pauseRefusal, scheduleRefusal } from '../kitchen/public';
import { loadOrderCatalogue, refuseSoldOut } from '../pricing/public';
import { HOUR_MS, orderLimits, refuseOverOrderLimit } from './customer-limits';
import { emitOrderPlaced } from './events';
import { ORDER_NOT_FOUND } from './reads';
import { toStoredItem, type StoredOrderItem } from './wire';

// Placing an order: a cash order at once, a card order waiting for its payment (payments places it when paid).

export const KEY_REUSED = 'This Idempotency-Key was already used for a different order';
export const CARD_THROUGH_INTENT = 'Card orders are paid through POST /api/create-payment-intent';

/** `POST /api/buy-product`'s body, as its contract parsed it. */
export type CashOrderRequest = z.output<typeof buyProductRequestSchema>;
/** `POST /api/create-payment-intent`'s body, as its contract parsed it. */
export type CardOrderRequest = z.output<typeof createPaymentIntentRequestSchema>;

/** An order's contents, priced and checked in memory; the address is checked where the order is inserted. */
interface PricedOrder {
  quote: CartQuote;
  items: StoredOrderItem[];
  /** The delivery address's id; null for a collection order, which copies `contact` instead (decision 1003). */
  addressId: string | null;
  note: string;
  allergyNote: string;
  fulfilment: Fulfilment;
  contact: { name: string; phone: string } | null;
  /** Pence: the delivery zone's fee (decision 1001), its own line and part of the total; 0 for a collection. */
  deliveryFee: number;
}

/**
 * A delivery's fee in pence for the address's post code and the food's total (decision 1001), or its refusal (422
 * OUTSIDE_DELIVERY_AREA, POSTCODE_NOT_UK, DELIVERY_MINIMUM); the address is the user's, else ADDRESS_NOT_FOUND.
 */
type DeliveryFeeOf = (addressId: string, foodTotal: number) => Promise<number>;

function deliveryFeeOf(ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>, userId: string): DeliveryFeeOf {
  return async (addressId, foodTotal) => {
    const address = await findAddressOf(ctx.db, userId, addressId);
    if (!address) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
    return deliveryFeeFor(ctx, address.postcode, foodTotal);
  };
}

interface OrderInput {
  /** Cart lines, or the spec's order items, which are read as cart lines against the same menu snapshot. */
  items: OrderItem[];
  addressId?: string | null | undefined;
  note: string;
  /** The slot the order is for (ISO); null or absent = as soon as possible (decision 0901). */
  scheduledFor?: string | null | undefined;
  /** Delivered or collected (decision 1003); a collection has no address and carries who collects it. */
  fulfilment: Fulfilment;
  contact?: { name: string; phone: string } | undefined;
  allergyNote: string;
}

function refuseWhenClosed(now: Date): void {
  const status = orderingStatus(now);
  if (!status.acceptingOrders) throw new HttpError('SHOP_CLOSED', status.message);
}

/** While the shop is paused, an order for as soon as possible: 422 with 'We are not taking orders right now. Back at 19:30.' */
async function refuseWhenPaused(kitchen: Pick<ServiceContext, 'db' | 'now'>): Promise<void> {
  const refusal = await pauseRefusal(kitchen);
  if (refusal) throw new HttpError('ORDERING_PAUSED', refusal);
}

/** A scheduled order's time must be one of the free slots (kitchenSlots), else 422 naming the next free one. */
async function refuseUnavailableSlot(kitchen: Pick<ServiceContext, 'db' | 'now'>, scheduledFor: Date): Promise<void> {
  const refusal = await scheduleRefusal(kitchen, scheduledFor);
  if (refusal) throw new HttpError('SLOT_NOT_AVAILABLE', refusal);
}

/** The request hash's part for the time: absent for as soon as possible, so keys stored before ordering ahead still match. */
function scheduledHashPart(input: OrderInput): { scheduledFor?: string } {
  return input.scheduledFor ? { scheduledFor: new Date(input.scheduledFor).toISOString() } : {};
}

/** The hash's part for collection and the allergy note: absent for a delivery without one, as keys stored before had. */
function fulfilmentHashPart(input: OrderInput): { fulfilment?: Fulfilment; contact?: unknown; allergyNote?: string } {
  return {
    ...(input.fulfilment === 'collection' ? { fulfilment: input.fulfilment, contact: input.contact ?? null } : {}),
    ...(input.allergyNote ? { allergyNote: input.allergyNote } : {}),
  };
}

function checkEmail(user: SessionUser, email: string | undefined): void {
  if (email !== undefined && email.trim().toLowerCase() !== user.email) {
    throw new HttpError('NOT_YOUR_ORDER', 'An order can only be placed for your own account');
  }
}

/**
 * Prices the cart from the in-memory menu (422 on a refusal, sold out or under the minimum), then a delivery's fee
 * (422 outside the zones or under the zone's minimum); `checkQuote` may refuse more, given the total with the fee.
 */
async function priceOrder(
  db: Db,
  now: Date,
  input: OrderInput,
  addressId: string | null,
  checkQuote: (quote: CartQuote, total: number) => void,
  feeOf: DeliveryFeeOf,
): Promise<PricedOrder> {
  const catalogue = await loadOrderCatalogue(db);
  let lines: CartLine[];
  let quote: CartQuote;
  try {
    // A spec item's prices are not read: it becomes a cart line (product, choices, topping ids) and is priced here.
    lines = toCartLines(input.items, catalogue.pricing);
    refuseSoldOut(lines, catalogue.pricing, now);
    quote = quoteCart(lines, catalogue.pricing);
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(error.code, error.message);
    throw error;
  }
  if (quote.lines.length === 0 || !quote.meetsMinimum) throw new HttpError('MINIMUM_ORDER', MINIMUM_ORDER);
  if (!quote.withinMaximum) throw new HttpError('ORDER_TOO_LARGE', ORDER_TOO_LARGE);
  // A collection pays no fee and needs no zone (decision 1001).
  const deliveryFee = addressId ? await feeOf(addressId, quote.total) : 0;
  checkQuote(quote, quote.total + deliveryFee);
  // Described from the same menu snapshot the lines were priced from: no query, and no product can be missing.
  const items = quote.lines.map((priced, index) =>
    toStoredItem(
      priced,
      lines[index] as CartLine,
      catalogue.descriptions.get(priced.productId) ?? '',
      catalogue.vatRates.get(priced.productId),
    ),
  );
  return {
    quote,
    items,
    addressId,
    note: input.note.trim(),
    allergyNote: input.allergyNote.trim(),
    fulfilment: input.fulfilment,
    contact: input.fulfilment === 'collection' ? (input.contact ?? null) : null,
    deliveryFee,
  };
}

function requestHash(kind: string, payload: unknown): string {
  return createHash('sha256').update(kind).update('\n').update(JSON.stringify(payload)).digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

async function findKey(db: Db, userId: string, key: string): Promise<KeyRow | null> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

function replayedOrderId(row: KeyRow, hash: string): string {
  if (row.requestHash !== hash) throw new HttpError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  if (!row.orderId) throw new HttpError('IDEMPOTENCY_KEY_IN_PROGRESS', 'An order with this Idempotency-Key is still being placed');
  return row.orderId;
}

interface InsertOrder {
  user: SessionUser;
  priced: PricedOrder;
  paymentType: PaymentType;
  key: { key: string; hash: string } | null;
  now: Date;
  /** The customer's order limits (CUSTOMER_LIMITS widened by RATE_LIMIT_MULTIPLIER). */
  limits: { perHour: number; perDay: number };
  /** The slot it is for; null = as soon as possible, which the statement refuses while the shop is paused. */
  scheduledFor: Date | null;
}

/**
 * One statement (so one transaction and one round trip) that places an order: it reads the address only if
 * the user owns it, claims the idempotency key (`on conflict do nothing` on the unique (user_id, key) index, so
 * a concurrent twin waits for this transaction and then claims nothing), and inserts the order with a copy of
 * the address, its first status-history entry (cash only: a card order's history starts when it is paid) and
 * the key's link to it, each only if the step before it happened. Foreign keys are checked at the end of the
 * statement, so the key may name the order inserted beside it. An order for as soon as possible is inserted only
 * while the shop is not paused (decision 0901); one scheduled ahead carries its slot. The text depends only on
 * whether there is a key, whether it is cash and whether it is scheduled, so each of the eight is prepared once per
 * connection.
 */
function placeOrderStatement({ user, priced, paymentType, key, now, limits, scheduledFor }: InsertOrder): {
  statement: PreparedSql;
  values: unknown[];
} {
  const values: unknown[] = [];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const { date, time } = shopDateTime(now);
  const cash = paymentType === 'Cash';
  // Untyped where the column decides (so the char(24) indexes are used), cast where a select list would guess text.
  // A collection order (decision 1003) copies who collects it, with the account's e-mail and empty address lines.
  const collection = priced.fulfilment === 'collection';
  const addressId = collection ? 'null::text' : param(priced.addressId);
  const userId = param(user.id);
  const orderId = param(newId());
  const at = `${param(now.toISOString())}::text::timestamptz`;
  const status = `${param(INITIAL_ORDER_STATUS)}::text`;
  // The customer's order limits (CUSTOMER_LIMITS) are part of the statement: an account over them gets no row from
  // `a`, so nothing is inserted, and placeOrder then works out the answer (a known key's order, or 429).
  const recent = `(select count(*) filter (where created_at > ${param(new Date(now.getTime() - HOUR_MS).toISOString())}::text::timestamptz) < ${param(limits.perHour)}::int
      and count(*) < ${param(limits.perDay)}::int from orders where user_id = ${userId} and created_at > ${param(new Date(now.getTime() - 24 * HOUR_MS).toISOString())}::text::timestamptz)`;
  // An order for as soon as possible is not taken while the shop is paused (decision 0901): no row from `a` either.
  const notPaused = scheduledFor ? '' : ` and not exists (select 1 from shop_status where id = 1 and paused_until > ${at})`;
  const a = collection
    ? `select ${param(priced.contact?.name ?? '')}::text as firstname, ''::text as lastname, email, ${param(priced.contact?.phone ?? '')}::text as phone,
        ''::text as address, ''::text as address2, ''::text as city, ''::text as postcode from users where id = ${userId}`
    : `select firstname, lastname, email, phone, address, address2, city, postcode from addresses where id = ${addressId} and user_id = ${userId}`;
  const parts = [`with a as (${a} and ${recent}${notPaused})`];
  if (key) {
    parts.push(`, k as (insert into idempotency_keys (id, key, user_id, request_hash, order_id, created_at)
      select ${param(newId())}::text, ${param(key.key)}::text, ${userId}, ${param(key.hash)}::text, ${orderId}::text, ${at} from a
      on conflict (user_id, key) do nothing returning id)`);
  }
  parts.push(`, o as (insert into orders (id, user_id, email, items, subtotal, total, delivery_fee, payment_type, payment_status, status, address_id, address, note, allergy_note, fulfilment, date, time, created_at, placed_at, scheduled_for)
      select ${orderId}::text, ${userId}, ${param(user.email)}::text, ${param(JSON.stringify(priced.items))}::text::jsonb,
        ${param(priced.quote.subtotal)}::int, ${param(priced.quote.total + priced.deliveryFee)}::int, ${param(priced.deliveryFee)}::int, ${param(paymentType)}::text,
        ${param(cash ? 'unpaid' : 'pending')}::text, ${status}, ${addressId}, to_jsonb(a), ${param(priced.note)}::text,
        ${param(priced.allergyNote)}::text, ${param(priced.fulfilment)}::text,
        ${param(date)}::text, ${param(time)}::text, ${at}, ${cash ? at : 'null::timestamptz'},
        ${scheduledFor ? `${param(scheduledFor.toISOString())}::text::timestamptz` : 'null::timestamptz'}
      from a${key ? ' where exists (select 1 from k)' : ''} returning id)`);
  if (cash) {
    parts.push(`, h as (insert into order_status_history (id, order_id, status, changed_by, changed_at)
      select ${param(newId())}::text, o.id, ${status}, ${userId}, ${at} from o)`);
  }
  parts.push('select (select id from o) as order_id');
  return {
    statement: {
      name: `place-order${key ? '-key' : ''}${cash ? '-cash' : '-card'}${scheduledFor ? '-ahead' : ''}${collection ? '-collect' : ''}`,
      text: parts.join('\n'),
    },
    values,
  };
}

/** The new order's id, or null when nothing was inserted (the address is not the user's, or the key is taken). */
async function insertOrder(db: Db, order: InsertOrder): Promise<string | null> {
  const { statement, values } = placeOrderStatement(order);
  const rows = await runPrepared<{ order_id: string | null }>(db, statement, values);
  return rows[0]?.order_id ?? null;
}

/** One order to place: where (the database, the shop clock's time of the request), whose, what and how paid. */
interface PlaceOrder {
  db: Db;
  now: Date;
  user: SessionUser;
  input: OrderInput;
  paymentType: PaymentType;
  key: InsertOrder['key'];
  /** Refuses a priced order for a reason of the caller's (a card order's price that is not the total). */
  checkQuote: (quote: CartQuote, total: number) => void;
  /** A delivery's fee, or its refusal (decision 1001). */
  feeOf: DeliveryFeeOf;
  /** Widens the per-customer order limits: RATE_LIMIT_MULTIPLIER (test and load environments; 1 in a shop). */
  limitMultiplier: number;
}

/**
 * Places an order once per idempotency key. The usual request for as soon as possible costs one statement: the
 * checks that need no database (hours, prices) run first, then the statement checks the pause and the address and
 * claims the key; an order scheduled ahead first reads the kitchen (one more statement) to check its slot. When
 * anything refuses, or the statement inserted nothing, the answer is worked out in the documented order: a known
 * key first (its order, even if the shop has closed since), then the time (hours and pause, or the slot), the
 * address, the prices.
 */
async function placeOrder(placing: PlaceOrder): Promise<{ orderId: string; created: boolean }> {
  const { db, now, user, input, paymentType, key, checkQuote, feeOf } = placing;
  const limits = orderLimits(placing.limitMultiplier);
  // A collection order has no address (its contract refuses one, decision 1003).
  const collection = input.fulfilment === 'collection';
  const addressId = collection ? null : (input.addressId ?? null);
  const kitchen = { db, now: () => now };
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  const timeTaken = scheduledFor ? (await scheduleRefusal(kitchen, scheduledFor)) === null : orderingStatus(now).acceptingOrders;
  if ((addressId || collection) && timeTaken) {
    const priced = await priceOrder(db, now, input, addressId, checkQuote, feeOf).catch((error: unknown) => {
      if (error instanceof HttpError) return null;
      throw error;
    });
    if (priced) {
      const orderId = await insertOrder(db, { user, priced, paymentType, key, now, limits, scheduledFor });
      if (orderId) return { orderId, created: true };
    }
  }

  if (key) {
    const existing = await findKey(db, user.id, key.key);
    if (existing) return { orderId: replayedOrderId(existing, key.hash), created: false };
  }
  await refuseOverOrderLimit(db, user.id, now, placing.limitMultiplier);
  if (scheduledFor) {
    await refuseUnavailableSlot(kitchen, scheduledFor);
  } else {
    refuseWhenClosed(now);
    await refuseWhenPaused(kitchen);
  }
  if (!addressId && !collection) throw new HttpError('ADDRESS_REQUIRED', ADD_ADDRESS_PLACING);
  // Someone else's address answers like a missing one.
  if (addressId && !(await findAddressOf(db, user.id, addressId))) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
  const priced = await priceOrder(db, now, input, addressId, checkQuote, feeOf);
  // Every check passes now, so the first attempt lost a race (a twin with this key rolled back, the address
  // was added meanwhile, a pause ended): try once more, and answer whatever holds the key, the pause or the address then.
  const orderId = await insertOrder(db, { user, priced, paymentType, key, now, limits, scheduledFor });
  if (orderId) return { orderId, created: true };
  const existing = key ? await findKey(db, user.id, key.key) : null;
  if (existing && key) return { orderId: replayedOrderId(existing, key.hash), created: false };
  await refuseOverOrderLimit(db, user.id, now, placing.limitMultiplier);
  if (!scheduledFor) await refuseWhenPaused(kitchen);
  throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
}

/** An order request: who sends it, its body as the contract parsed it, and its Idempotency-Key header. */
export interface OrderRequest<Input> {
  user: SessionUser;
  input: Input;
  idempotencyKey: string | null;
}

/** `POST /api/buy-product`: a cash order, placed at once (and announced once, when it is created). */
export async function placeCashOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { user, input, idempotencyKey }: OrderRequest<CashOrderRequest>,
): Promise<{ orderId: string; created: boolean }> {
  const { db } = ctx;
  const now = ctx.now();
  if (input.paymentType === 'Card') throw new HttpError('CARD_ORDER_NEEDS_INTENT', CARD_THROUGH_INTENT);
  checkEmail(user, input.email);
  const key = idempotencyKey
    ? {
        key: idempotencyKey,
        hash: requestHash('buy-product', {
          items: input.items,
          addressId: input.addressId ?? null,
          note: input.note,
          paymentType: 'Cash',
          ...scheduledHashPart(input),
          ...fulfilmentHashPart(input),
        }),
      }
    : null;
  const result = await placeOrder({
    db,
    now,
    user,
    input,
    paymentType: 'Cash',
    key,
    checkQuote: () => undefined,
    feeOf: deliveryFeeOf(ctx, user.id),
    limitMultiplier: ctx.config.rateLimitMultiplier,
  });
  if (result.created) emitOrderPlaced(db, { orderId: result.orderId, userId: user.id });
  return result;
}

/**
 * `POST /api/create-payment-intent`: prices the cart, records a card order waiting for payment (seen by
 * nobody but its customer) and opens the provider's payment intent for exactly that amount.
 */
export async function startCardOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  { provider, user, input, idempotencyKey }: OrderRequest<CardOrderRequest> & { provider: PaymentProvider },
): Promise<CreatePaymentIntentAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  checkEmail(user, input.email);
  const key = idempotencyKey
    ? {
        key: idempotencyKey,
        hash: requestHash('create-payment-intent', {
          items: input.items,
          addressId: input.addressId ?? null,
          note: input.note,
          ...scheduledHashPart(input),
          ...fulfilmentHashPart(input),
        }),
      }
    : null;
  const checkQuote = (_quote: CartQuote, total: number) => {
    if (input.price !== undefined && poundsToPence(input.price) !== total) {
      throw new HttpError('PRICE_MISMATCH', `The price sent does not match the order total of ${formatPounds(total)}`);
    }
  };
  const { orderId } = await placeOrder({
    db,
    now,
    user,
    input,
    paymentType: 'Card',
    key,
    checkQuote,
    feeOf: deliveryFeeOf(ctx, user.id),
    limitMultiplier: ctx.config.rateLimitMultiplier,
  });
  const order = (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
  if (!order) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  if (order.paymentStatus === 'paid') throw new HttpError('ORDER_ALREADY_PAID', 'This order is already paid');
  const intent = await openPaymentIntent({ db, log: ctx.log, now: () => now }, { provider, order, customer: user });
  return {
    clientSecret: intent.clientSecret,
    orderId: order.id,
    ...paymentConfig(provider),
    amount: penceToPounds(order.total),
  };
}
