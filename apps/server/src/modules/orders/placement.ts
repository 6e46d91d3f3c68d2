import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CartLine } from '@shop/shared/contract/cart';
import type { buyProductRequestSchema, createPaymentIntentRequestSchema } from '@shop/shared/contract/orders';
import { toCartLines, type OrderItem } from '@shop/shared/contract/spec-order-items';
import { mayStartOrder, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { ADD_ADDRESS_PLACING } from '@shop/shared/domain/messages';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import { INITIAL_ORDER_STATUS } from '@shop/shared/domain/order-status';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { PricingError } from '@shop/shared/domain/pricing';
import type { ServiceContext } from '../../context';
import { inTransaction, runPrepared, sqlLiteral } from '../../db/client';
import { newId } from '../../db/id';
import { orders, type AddressSnapshot } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { SIGN_IN_REQUIRED, type SessionUser } from '../auth/public';
import { ADDRESS_NOT_FOUND } from '../addresses/public';
import { readDeliveryArea } from '../delivery/public';
import { loadOrderCatalogue } from '../pricing/public';
import { emitOrderPlaced } from './events';
import { checkTime, priceOrder, slotLockSql } from './order-rules';
import { ORDER_NOT_FOUND } from './reads';

// Placing an order: a cash order at once, a card order waiting for its payment (confirmed when it is paid).

const HOUR_MS = 60 * 60_000;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different order';
export const CARD_THROUGH_INTENT = 'Card orders are paid through POST /api/create-payment-intent';

/** `POST /api/buy-product`'s body, as its contract parsed it. */
export type CashOrderRequest = z.output<typeof buyProductRequestSchema>;
/** `POST /api/create-payment-intent`'s body, as its contract parsed it. */
export type CardOrderRequest = z.output<typeof createPaymentIntentRequestSchema>;

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
 * The Idempotency-Key with the hash of the request it came with (so a reused key with another body is refused);
 * null without a key. The hashed fields keep their order, so keys stored earlier still match.
 */
function keyOf(
  idempotencyKey: string | null,
  kind: string,
  input: OrderInput,
  extra: Record<string, unknown> = {},
): { key: string; hash: string } | null {
  if (!idempotencyKey) return null;
  const payload = {
    items: input.items,
    addressId: input.addressId ?? null,
    note: input.note,
    ...extra,
    ...scheduledHashPart(input),
    ...fulfilmentHashPart(input),
  };
  return { key: idempotencyKey, hash: createHash('sha256').update(kind).update('\n').update(JSON.stringify(payload)).digest('hex') };
}

/** One order to place: whose, what, how paid, its idempotency key. */
interface PlaceOrder {
  user: SessionUser;
  input: OrderInput;
  paymentType: PaymentType;
  key: { key: string; hash: string } | null;
  /** Refuses a priced order for a reason of the caller's (a card order's price that is not its total). */
  checkTotal: (total: number) => void;
}

/** What placing reads under the customer's lock, in one statement. */
interface CustomerState extends Record<string, unknown> {
  /** Null while the account is there. */
  deleted_at: Date | string | null;
  last_hour: number | string;
  last_day: number | string;
  key_hash: string | null;
  key_order_id: string | null;
  /** The delivery address, when the order names one of the customer's (locked for share); null otherwise. */
  address: AddressSnapshot | string | null;
  paused_until: Date | string | null;
}

/**
 * The locks a placement takes first, in this order for every placement, and what it reads under them, as the SQL
 * that opens its transaction (in BEGIN's round trip, values as literals): the slot's lock (an order ahead), the
 * customer's (their orders are placed one after another, so their limits and keys are counted exactly, and an
 * account being deleted either waits for the order or has gone), then, in a statement of its own (one that waited
 * for a lock would read other tables as they were when it began): whether the account is still there, their orders
 * in the last hour and day, the key's earlier use, the delivery address (locked for share: its fee and zone are
 * decided on the lines the order stores) and the pause.
 */
function placementOpening(
  placing: { userId: string; key: string | null; addressId: string | null; scheduledFor: Date | null },
  now: Date,
): string[] {
  const user = sqlLiteral(placing.userId);
  const key = sqlLiteral(placing.key ?? '');
  const hourAgo = sqlLiteral(new Date(now.getTime() - HOUR_MS).toISOString());
  const dayAgo = sqlLiteral(new Date(now.getTime() - 24 * HOUR_MS).toISOString());
  return [
    ...(placing.scheduledFor ? [slotLockSql(placing.scheduledFor)] : []),
    `select 1 from users where id = ${user} for update`,
    `with a as (
      select firstname, lastname, email, phone, address, address2, city, postcode from addresses
      where id = ${sqlLiteral(placing.addressId ?? '')} and user_id = ${user} for share)
    select
    (select deleted_at from users where id = ${user}) as deleted_at,
    (select count(*) from orders o where o.user_id = ${user} and o.created_at > ${hourAgo}::timestamptz) as last_hour,
    (select count(*) from orders o where o.user_id = ${user} and o.created_at > ${dayAgo}::timestamptz) as last_day,
    (select k.request_hash from idempotency_keys k where k.user_id = ${user} and k.key = ${key}) as key_hash,
    (select k.order_id from idempotency_keys k where k.user_id = ${user} and k.key = ${key}) as key_order_id,
    (select row_to_json(a) from a) as address,
    (select paused_until from shop_status where id = 1) as paused_until`,
  ];
}

function cartLinesOf(input: OrderInput, catalogue: Awaited<ReturnType<typeof loadOrderCatalogue>>): CartLine[] {
  try {
    // A spec item's prices are not read: it becomes a cart line (product, choices, topping ids) and is priced here.
    return toCartLines(input.items, catalogue.pricing);
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(error.code, error.message);
    throw error;
  }
}

/**
 * Places an order once per idempotency key, in one transaction that reads top to bottom: lock what the rules read
 * (the slot, then the customer, then the address: always in this order, so two placements never wait on each other
 * in a circle), check each rule once (the key, the customer's limits, the time, the address, the price), insert the
 * order with its first status (cash) and its key, and after the commit announce it. A deadlock or serialization
 * failure runs it again (inTransaction), then answers 409 BUSY_TRY_AGAIN.
 */
async function placeOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { user, input, paymentType, key, checkTotal }: PlaceOrder,
): Promise<{ orderId: string; created: boolean }> {
  const now = ctx.now();
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  const collection = input.fulfilment === 'collection';
  const cash = paymentType === 'Cash';
  const addressId = collection ? null : (input.addressId ?? null);
  // Read before the transaction, as every order reads them: the menu (in memory) and the delivery zones.
  const [catalogue, area] = await Promise.all([loadOrderCatalogue(ctx.db), collection ? undefined : readDeliveryArea(ctx)]);
  const opening = placementOpening({ userId: user.id, key: key?.key ?? null, addressId, scheduledFor }, now);
  const result = await inTransaction(
    ctx.db,
    async (tx, opened) => {
      const rules = { tx, catalogue, ...(area ? { area } : {}), now, config: ctx.config };
      const customer = opened[0] as CustomerState | undefined;
      if (!customer || customer.deleted_at !== null) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
      if (key && customer.key_hash !== null) {
        if (customer.key_hash !== key.hash) throw new HttpError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
        if (customer.key_order_id) return { orderId: customer.key_order_id, created: false };
      }
      const recent = { lastHour: Number(customer.last_hour), lastDay: Number(customer.last_day) };
      if (!mayStartOrder(recent, ctx.config.rateLimitMultiplier)) throw new HttpError('ORDER_LIMIT_REACHED', ORDER_LIMIT_REACHED);
      await checkTime(rules, scheduledFor, input.fulfilment, customer.paused_until === null ? null : new Date(customer.paused_until));
      if (!collection && !addressId) throw new HttpError('ADDRESS_REQUIRED', ADD_ADDRESS_PLACING);
      // Someone else's address answers like a missing one.
      if (addressId && !customer.address) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
      // A collection order (decision 1003) copies who collects it, with the account's e-mail and empty address lines.
      const address: AddressSnapshot = customer.address
        ? typeof customer.address === 'string'
          ? (JSON.parse(customer.address) as AddressSnapshot)
          : customer.address
        : { ...COLLECTION_ADDRESS, firstname: input.contact?.name ?? '', email: user.email, phone: input.contact?.phone ?? '' };
      const priced = await priceOrder(rules, cartLinesOf(input, catalogue), { fulfilment: input.fulfilment, postcode: address.postcode });
      checkTotal(priced.total);

      const orderId = newId();
      const { date, time } = shopDateTime(now);
      await runPrepared(tx, INSERT_ORDER, [
        orderId,
        user.id,
        user.email,
        JSON.stringify(priced.items),
        priced.quote.subtotal,
        priced.total,
        priced.deliveryFee,
        paymentType,
        // A card order waits for its payment: nobody but its customer sees it until then (placed_at null).
        cash ? 'unpaid' : 'pending',
        INITIAL_ORDER_STATUS,
        addressId,
        JSON.stringify(address),
        input.note.trim(),
        input.allergyNote.trim(),
        input.fulfilment,
        date,
        time,
        now.toISOString(),
        cash ? now.toISOString() : null,
        scheduledFor?.toISOString() ?? null,
        newId(),
        newId(),
        key?.key ?? null,
        key?.hash ?? null,
      ]);
      return { orderId, created: true };
    },
    opening,
  );
  if (result.created && cash) emitOrderPlaced(ctx.db, { orderId: result.orderId, userId: user.id });
  return result;
}

/**
 * The order, its first status (a cash order: placed now) and its idempotency key, in one statement (one round trip);
 * foreign keys are checked at its end, so the history and the key may name the order inserted beside them.
 */
const INSERT_ORDER = {
  name: 'insert-order',
  text: `with o as (
    insert into orders (id, user_id, email, items, subtotal, total, delivery_fee, payment_type, payment_status, status,
      address_id, address, note, allergy_note, fulfilment, date, time, created_at, placed_at, scheduled_for)
    values ($1::text, $2::text, $3::text, $4::text::jsonb, $5::int, $6::int, $7::int, $8::text, $9::text, $10::text,
      $11::text, $12::text::jsonb, $13::text, $14::text, $15::text, $16::text, $17::text, $18::text::timestamptz,
      $19::text::timestamptz, $20::text::timestamptz)
    returning id),
  h as (insert into order_status_history (id, order_id, status, changed_by, changed_at)
    select $21::text, o.id, $10::text, $2::text, $18::text::timestamptz from o where $19::text is not null),
  k as (insert into idempotency_keys (id, key, user_id, request_hash, order_id, created_at)
    select $22::text, $23::text, $2::text, $24::text, o.id, $18::text::timestamptz from o where $23::text is not null)
  select id from o`,
};

const COLLECTION_ADDRESS: AddressSnapshot = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  address: '',
  address2: '',
  city: '',
  postcode: '',
};

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
  if (input.paymentType === 'Card') throw new HttpError('CARD_ORDER_NEEDS_INTENT', CARD_THROUGH_INTENT);
  checkEmail(user, input.email);
  const key = keyOf(idempotencyKey, 'buy-product', input, { paymentType: 'Cash' });
  return placeOrder(ctx, { user, input, paymentType: 'Cash', key, checkTotal: () => undefined });
}

/** A card order waiting for its payment, as opening its intent needs it. */
export interface CardOrderAwaitingPayment {
  id: string;
  /** Pence, as the server priced it. */
  total: number;
  paymentIntentId: string | null;
}

/**
 * `POST /api/create-payment-intent`'s order: priced and checked by every rule a cash order meets, recorded waiting
 * for its payment (seen by nobody but its customer); the same order again for a known Idempotency-Key. The payments
 * module opens its intent; the rules run again when it is paid (confirmCardOrder).
 */
export async function recordCardOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { user, input, idempotencyKey }: OrderRequest<CardOrderRequest>,
): Promise<CardOrderAwaitingPayment> {
  checkEmail(user, input.email);
  const key = keyOf(idempotencyKey, 'create-payment-intent', input);
  const checkTotal = (total: number) => {
    if (input.price !== undefined && poundsToPence(input.price) !== total) {
      throw new HttpError('PRICE_MISMATCH', `The price sent does not match the order total of ${formatPounds(total)}`);
    }
  };
  const { orderId } = await placeOrder(ctx, { user, input, paymentType: 'Card', key, checkTotal });
  const order = (
    await ctx.db
      .select({
        id: orders.id,
        total: orders.total,
        paymentStatus: orders.paymentStatus,
        paymentIntentId: orders.paymentIntentId,
        placedAt: orders.placedAt,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];
  if (!order) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  if (order.placedAt || (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed')) {
    throw new HttpError('ORDER_ALREADY_PAID', 'This order is already paid');
  }
  return { id: order.id, total: order.total, paymentIntentId: order.paymentIntentId };
}
