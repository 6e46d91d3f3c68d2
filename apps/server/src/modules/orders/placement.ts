import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CartLine } from '@shop/shared/contract/cart';
import type { buyProductRequestSchema, createPaymentIntentRequestSchema } from '@shop/shared/contract/orders';
import { toCartLines, type OrderItem } from '@shop/shared/contract/spec-order-items';
import { mayStartOrder, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { Caller, Guest, OrderAddress } from '@shop/shared/contract/guest';
import type { StaffOrderInput } from '@shop/shared/contract/staff-orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderChannel, StaffChannel } from '@shop/shared/domain/order-channel';
import { canonicalPhone } from '@shop/shared/domain/phone';
import { ADD_ADDRESS_PLACING } from '@shop/shared/domain/messages';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import { INITIAL_ORDER_STATUS } from '@shop/shared/domain/order-status';
import type { PaymentStatus, PaymentType } from '@shop/shared/domain/payment-types';
import { discountTotal } from '@shop/shared/domain/order-discounts';
import { PricingError } from '@shop/shared/domain/pricing';
import type { ServiceContext } from '../../context';
import { inTransaction, runPrepared, sqlLiteral } from '../../db/client';
import { newId } from '../../db/id';
import { orders, type AddressSnapshot } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { SIGN_IN_REQUIRED, type SessionUser } from '../auth/public';
import { ADDRESS_NOT_FOUND } from '../addresses/public';
import type { CheckoutExtrasInput } from '../cart/public';
import { recordStampsSpent } from '../loyalty/public';
import { recordPromotionUses } from '../promotions/public';
import { readDeliveryArea } from '../delivery/public';
import { loadOrderCatalogue } from '../pricing/public';
import { emitOrderPlaced } from './events';
import { checkTime, priceOrder, slotLockSql } from './order-rules';
import { ORDER_NOT_FOUND, TRACKING_NOT_FOUND } from './reads';

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
  /** A delivery address typed at the order (a guest's, or one the staff took down), not one of an account's. */
  address?: OrderAddress | undefined;
  note: string;
  /** The slot the order is for (ISO); null or absent = as soon as possible (decision 0901). */
  scheduledFor?: string | null | undefined;
  /** Delivered or collected (decision 1003); a collection has no address and carries who collects it. */
  fulfilment: Fulfilment;
  contact?: { name: string; phone: string } | undefined;
  allergyNote: string;
  /** A promotion code, the stamp card's reward, a tip (pence): what the checkout adds (cart module's checkoutExtras). */
  extras?: CheckoutExtrasInput;
}

/**
 * Who an order is for and how it came (decision 1500): a signed-in customer at the storefront, a guest there, or a
 * caller or walk-in whose order a member of staff takes (for their account when the number found one).
 */
export type Orderer =
  | { kind: 'account'; user: SessionUser }
  | { kind: 'guest'; guest: Guest }
  | { kind: 'staff'; staff: SessionUser; channel: StaffChannel; customer: Caller; account: { id: string; email: string } | null };

/** What the order records of its orderer, and how placement treats it. */
interface OrdererFacts {
  channel: OrderChannel;
  /** The account the order belongs to (its history, its room), locked while the order is placed. */
  accountId: string | null;
  email: string;
  name: string;
  /** E.164; null when unknown (an account's collection order gives one; a delivery's address has one). */
  phone: string | null;
  takenBy: string | null;
  /** Whose the idempotency key is: the account, the member of staff, or nobody's (a guest's key is unique alone). */
  keyOwner: string | null;
  /** The customer limits (domain/customer-limits.ts): an account's and a guest's; the staff take what a caller asks. */
  limited: boolean;
}

function factsOf(orderer: Orderer, input: OrderInput): OrdererFacts {
  const typedPhone = input.contact?.phone ?? input.address?.phone;
  switch (orderer.kind) {
    case 'account':
      return {
        channel: 'web',
        accountId: orderer.user.id,
        email: orderer.user.email,
        name: input.contact?.name ?? '',
        phone: typedPhone ? canonicalPhone(typedPhone) : null,
        takenBy: null,
        keyOwner: orderer.user.id,
        limited: true,
      };
    case 'guest':
      return {
        channel: 'guest',
        accountId: null,
        email: orderer.guest.email,
        name: orderer.guest.name,
        phone: orderer.guest.phone,
        takenBy: null,
        keyOwner: null,
        limited: true,
      };
    case 'staff':
      return {
        channel: orderer.channel,
        accountId: orderer.account?.id ?? null,
        email: orderer.customer.email ?? orderer.account?.email ?? '',
        name: orderer.customer.name,
        phone: orderer.customer.phone,
        takenBy: orderer.staff.id,
        keyOwner: orderer.staff.id,
        limited: false,
      };
  }
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

/** The hash's part for the checkout's extras: absent when none was sent, as keys stored before had. */
function extrasHashPart(input: OrderInput): { extras?: CheckoutExtrasInput } {
  const { promoCode, redeemStamps, tip } = input.extras ?? {};
  return promoCode || redeemStamps || tip
    ? { extras: { promoCode: promoCode ?? null, redeemStamps: redeemStamps ?? false, tip: tip ?? 0 } }
    : {};
}

function checkEmail(user: SessionUser, email: string | undefined): void {
  if (email !== undefined && email.trim().toLowerCase() !== user.email) {
    throw new HttpError('NOT_YOUR_ORDER', 'An order can only be placed for your own account');
  }
}

/**
 * The Idempotency-Key with the hash of the request it came with (so a reused key with another body is refused);
 * null without a key. The hashed fields keep their order, so keys stored earlier still match; an order without an
 * account hashes who it is for too, so one guest's key never answers another's order.
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
    ...(input.address ? { address: input.address } : {}),
    ...extrasHashPart(input),
  };
  return { key: idempotencyKey, hash: createHash('sha256').update(kind).update('\n').update(JSON.stringify(payload)).digest('hex') };
}

/** How the order is paid when it is placed: a card order waiting for its payment is not placed yet. */
interface OrderPayment {
  type: PaymentType;
  status: Extract<PaymentStatus, 'unpaid' | 'paid' | 'pending'>;
}

/** One order to place: for whom, what, how paid, its idempotency key. */
interface PlaceOrder {
  orderer: Orderer;
  input: OrderInput;
  payment: OrderPayment;
  key: { key: string; hash: string } | null;
  /** Refuses a priced order for a reason of the caller's (a card order's price that is not its total). */
  checkTotal: (total: number) => void;
}

/** A placed order (or the first one, for a known key): its id and its tracking page's token. */
export interface PlacedOrder {
  orderId: string;
  created: boolean;
  trackingToken: string;
}

/** What placing reads under the customer's lock, in one statement. */
interface CustomerState extends Record<string, unknown> {
  /** Null while the account is there (and for an order without one). */
  deleted_at: Date | string | null;
  /** Whether the account exists: an order for one that has gone is refused. */
  account_found: boolean;
  last_hour: number | string;
  last_day: number | string;
  key_hash: string | null;
  key_order_id: string | null;
  key_tracking_token: string | null;
  /** The delivery address, when the order names one of the account's (locked for share); null otherwise. */
  address: AddressSnapshot | string | null;
  paused_until: Date | string | null;
}

// Advisory locks in spaces of the shop's own (the two-key form): a guest's e-mail and phone number, and a key
// without an account, so a guest's orders are counted one at a time as an account's are.
const GUEST_EMAIL_LOCK = 0x5108;
const GUEST_PHONE_LOCK = 0x5109;
const KEY_LOCK = 0x510a;

const advisoryLock = (space: number, text: string) => `select pg_advisory_xact_lock(${space}, hashtext(${sqlLiteral(text)}))`;

/**
 * The locks a placement takes first, in this order for every placement, and what it reads under them, as the SQL
 * that opens its transaction (in BEGIN's round trip, values as literals): the slot's lock (an order ahead), the
 * account's row (its orders are placed one after another, so its limits and keys are counted exactly, and an
 * account being deleted either waits for the order or has gone), or without an account the guest's e-mail and
 * phone number and the key; then, in a statement of its own (one that waited for a lock would read other tables as
 * they were when it began): whether the account is still there, the orders of the last hour and day (an account's;
 * a guest's by e-mail, phone number or address), the key's earlier use, the delivery address (locked for share: its
 * fee and zone are decided on the lines the order stores) and the pause.
 */
function placementOpening(
  placing: {
    facts: OrdererFacts;
    key: string | null;
    addressId: string | null;
    address: OrderAddress | undefined;
    scheduledFor: Date | null;
  },
  now: Date,
): string[] {
  const { facts } = placing;
  const account = sqlLiteral(facts.accountId ?? '');
  const key = sqlLiteral(placing.key ?? '');
  const keyOwner = facts.keyOwner === null ? 'k.user_id is null' : `k.user_id = ${sqlLiteral(facts.keyOwner)}`;
  const hourAgo = sqlLiteral(new Date(now.getTime() - HOUR_MS).toISOString());
  const dayAgo = sqlLiteral(new Date(now.getTime() - 24 * HOUR_MS).toISOString());
  const locks: string[] = [];
  if (facts.accountId) locks.push(`select 1 from users where id = ${account} for update`);
  else if (facts.limited) {
    if (facts.email) locks.push(advisoryLock(GUEST_EMAIL_LOCK, facts.email));
    if (facts.phone) locks.push(advisoryLock(GUEST_PHONE_LOCK, facts.phone));
  }
  if (placing.key && facts.keyOwner !== facts.accountId) locks.push(advisoryLock(KEY_LOCK, `${facts.keyOwner ?? ''}:${placing.key}`));
  // An account's orders are its own; a guest's are every order with the same e-mail, number or address.
  const typed = placing.address;
  const whose = facts.accountId
    ? `o.user_id = ${account}`
    : [
        facts.email ? `o.email = ${sqlLiteral(facts.email)}` : null,
        facts.phone ? `o.phone = ${sqlLiteral(facts.phone)}` : null,
        typed
          ? `(o.address->>'postcode' = ${sqlLiteral(typed.postcode)} and lower(o.address->>'address') = ${sqlLiteral(typed.address.toLowerCase())})`
          : null,
      ]
        .filter(Boolean)
        .join(' or ') || 'false';
  return [
    ...(placing.scheduledFor ? [slotLockSql(placing.scheduledFor)] : []),
    ...locks,
    `with a as (
      select firstname, lastname, email, phone, address, address2, city, postcode from addresses
      where id = ${sqlLiteral(placing.addressId ?? '')} and user_id = ${account} for share),
    k as (select k.request_hash, k.order_id from idempotency_keys k where ${keyOwner} and k.key = ${key})
    select
    (select deleted_at from users where id = ${account}) as deleted_at,
    exists (select 1 from users where id = ${account}) as account_found,
    (select count(*) from orders o where (${whose}) and o.created_at > ${hourAgo}::timestamptz) as last_hour,
    (select count(*) from orders o where (${whose}) and o.created_at > ${dayAgo}::timestamptz) as last_day,
    (select request_hash from k) as key_hash,
    (select order_id from k) as key_order_id,
    (select o.tracking_token from orders o where o.id = (select order_id from k)) as key_tracking_token,
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

/** The unguessable key of an order's tracking page: 144 random bits. */
function newTrackingToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Where the order goes, as it stores it: an account's address as saved, an address typed at the order, or a collection's contact. */
function addressSnapshot(facts: OrdererFacts, input: OrderInput, saved: AddressSnapshot | string | null): AddressSnapshot {
  if (saved) return typeof saved === 'string' ? (JSON.parse(saved) as AddressSnapshot) : saved;
  const typed = input.address;
  if (typed) {
    return {
      firstname: typed.firstname ?? facts.name,
      lastname: typed.lastname,
      email: typed.Email ?? facts.email,
      phone: typed.phone ?? facts.phone ?? '',
      address: typed.address,
      address2: typed.address2,
      city: typed.city,
      postcode: typed.postcode,
    };
  }
  // A collection order (decision 1003) copies who collects it, with the e-mail and empty address lines.
  return {
    ...COLLECTION_ADDRESS,
    firstname: input.contact?.name ?? facts.name,
    email: facts.email,
    phone: input.contact?.phone ?? facts.phone ?? '',
  };
}

/**
 * Places an order once per idempotency key, in one transaction that reads top to bottom: lock what the rules read
 * (the slot, then the customer, then the address: always in this order, so two placements never wait on each other
 * in a circle), check each rule once (the key, the customer's limits, the time, the address, the price), insert the
 * order with its first status (unless it waits for a card) and its key, and after the commit announce it. A
 * deadlock or serialization failure runs it again (inTransaction), then answers 409 BUSY_TRY_AGAIN.
 */
async function placeOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { orderer, input, payment, key, checkTotal }: PlaceOrder,
): Promise<PlacedOrder> {
  const now = ctx.now();
  const facts = factsOf(orderer, input);
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  const collection = input.fulfilment === 'collection';
  const placed = payment.status !== 'pending';
  const addressId = collection ? null : (input.addressId ?? null);
  const typedAddress = collection ? undefined : input.address;
  // Read before the transaction, as every order reads them: the menu (in memory) and the delivery zones.
  const [catalogue, area] = await Promise.all([loadOrderCatalogue(ctx.db), collection ? undefined : readDeliveryArea(ctx)]);
  const opening = placementOpening({ facts, key: key?.key ?? null, addressId, address: typedAddress, scheduledFor }, now);
  const result = await inTransaction(
    ctx.db,
    async (tx, opened): Promise<PlacedOrder> => {
      const rules = { tx, catalogue, ...(area ? { area } : {}), now, config: ctx.config };
      const customer = opened[0] as CustomerState | undefined;
      if (!customer) throw new Error('The placement read nothing');
      if (facts.accountId && (!customer.account_found || customer.deleted_at !== null)) {
        throw orderer.kind === 'account'
          ? new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED)
          : new HttpError('CUSTOMER_NOT_FOUND', 'That customer’s account has gone: take the order without it');
      }
      if (key && customer.key_hash !== null) {
        if (customer.key_hash !== key.hash) throw new HttpError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
        if (customer.key_order_id && customer.key_tracking_token)
          return { orderId: customer.key_order_id, created: false, trackingToken: customer.key_tracking_token };
      }
      const recent = { lastHour: Number(customer.last_hour), lastDay: Number(customer.last_day) };
      if (facts.limited && !mayStartOrder(recent, ctx.config.rateLimitMultiplier))
        throw new HttpError('ORDER_LIMIT_REACHED', ORDER_LIMIT_REACHED);
      await checkTime(rules, scheduledFor, input.fulfilment, customer.paused_until === null ? null : new Date(customer.paused_until));
      if (!collection && !addressId && !typedAddress) throw new HttpError('ADDRESS_REQUIRED', ADD_ADDRESS_PLACING);
      // Someone else's address answers like a missing one.
      if (addressId && !customer.address) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
      const address = addressSnapshot(facts, { ...input, address: typedAddress }, customer.address);
      const priced = await priceOrder(
        rules,
        cartLinesOf(input, catalogue),
        { fulfilment: input.fulfilment, postcode: address.postcode },
        {
          input: input.extras ?? {},
          channel: facts.channel,
          customer: { accountId: facts.accountId, email: facts.email || null, phone: facts.phone },
        },
      );
      checkTotal(priced.total);

      const orderId = newId();
      const trackingToken = newTrackingToken();
      const { date, time } = shopDateTime(now);
      await runPrepared(tx, INSERT_ORDER, [
        orderId,
        facts.accountId,
        facts.email,
        JSON.stringify(priced.items),
        priced.quote.subtotal,
        priced.total,
        priced.deliveryFee,
        payment.type,
        // A card order waits for its payment: nobody but its customer sees it until then (placed_at null).
        payment.status,
        INITIAL_ORDER_STATUS,
        addressId,
        JSON.stringify(address),
        input.note.trim(),
        input.allergyNote.trim(),
        input.fulfilment,
        date,
        time,
        now.toISOString(),
        placed ? now.toISOString() : null,
        scheduledFor?.toISOString() ?? null,
        newId(),
        newId(),
        key?.key ?? null,
        key?.hash ?? null,
        facts.phone ?? (address.phone ? canonicalPhone(address.phone) : null),
        facts.channel,
        facts.takenBy,
        trackingToken,
        // Who set the first status: the member of staff who took it, or the customer.
        facts.takenBy ?? facts.accountId,
        facts.keyOwner,
        JSON.stringify(priced.discounts),
        discountTotal(priced.discounts),
        priced.tip,
      ]);
      // What the order spent, counted against the promotions' limits and the stamp card, in the same transaction.
      await recordPromotionUses(tx, orderId, priced.discounts, now);
      await recordStampsSpent(tx, { userId: facts.accountId, orderId, discounts: priced.discounts, now });
      return { orderId, created: true, trackingToken };
    },
    opening,
  );
  if (result.created && placed) emitOrderPlaced(ctx.db, { orderId: result.orderId, userId: facts.accountId });
  return result;
}

/**
 * The order, its first status (an order placed now) and its idempotency key, in one statement (one round trip);
 * foreign keys are checked at its end, so the history and the key may name the order inserted beside them.
 */
const INSERT_ORDER = {
  name: 'insert-order',
  text: `with o as (
    insert into orders (id, user_id, email, items, subtotal, total, delivery_fee, payment_type, payment_status, status,
      address_id, address, note, allergy_note, fulfilment, date, time, created_at, placed_at, scheduled_for,
      phone, channel, taken_by, tracking_token, discounts, discount, tip)
    values ($1::text, $2::text, $3::text, $4::text::jsonb, $5::int, $6::int, $7::int, $8::text, $9::text, $10::text,
      $11::text, $12::text::jsonb, $13::text, $14::text, $15::text, $16::text, $17::text, $18::text::timestamptz,
      $19::text::timestamptz, $20::text::timestamptz, $25::text, $26::text, $27::text, $28::text,
      $31::text::jsonb, $32::int, $33::int)
    returning id),
  h as (insert into order_status_history (id, order_id, status, changed_by, changed_at)
    select $21::text, o.id, $10::text, $29::text, $18::text::timestamptz from o where $19::text is not null),
  k as (insert into idempotency_keys (id, key, user_id, request_hash, order_id, created_at)
    select $22::text, $23::text, $30::text, $24::text, o.id, $18::text::timestamptz from o where $23::text is not null)
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

/**
 * An order request from the storefront: who sends it (a signed-in customer, or a guest without a session), its body
 * as the contract parsed it, and its Idempotency-Key header.
 */
export interface OrderRequest<Input> {
  user: SessionUser | null;
  input: Input;
  idempotencyKey: string | null;
}

export const GUEST_WHILE_SIGNED_IN = 'You are signed in: leave guest out, and the order is your account’s';
export const SIGN_IN_OR_GUEST = 'Sign in, or continue as a guest with your name, e-mail and phone number (guest)';

/** The storefront's orderer: the session's customer, or the guest the body names (never both, never neither). */
function storefrontOrderer(user: SessionUser | null, input: { guest?: Guest | undefined; email?: string | undefined }): Orderer {
  if (user) {
    if (input.guest) throw new HttpError('VALIDATION_FAILED', `guest: ${GUEST_WHILE_SIGNED_IN}`);
    checkEmail(user, input.email);
    return { kind: 'account', user };
  }
  if (!input.guest) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_OR_GUEST);
  if (input.email !== undefined && input.email.trim().toLowerCase() !== input.guest.email)
    throw new HttpError('VALIDATION_FAILED', 'email: must be the guest’s e-mail (guest.email), or left out');
  return { kind: 'guest', guest: input.guest };
}

/** A storefront order's body with its checkout extras in pence, as placement reads them. */
function withExtras<Input extends CashOrderRequest | CardOrderRequest>(input: Input): Input & { extras: CheckoutExtrasInput } {
  const tip = input.tip === undefined ? undefined : (poundsToPence(input.tip) ?? undefined);
  return { ...input, extras: { promoCode: input.promoCode, redeemStamps: input.redeemStamps, tip } };
}

/** The hash's part for who a guest is, so one guest's key never replays another's order. */
function guestHashPart(orderer: Orderer): { guest?: Guest } {
  return orderer.kind === 'guest' ? { guest: orderer.guest } : {};
}

/** `POST /api/buy-product`: a cash order, placed at once (and announced once, when it is created). */
export async function placeCashOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { user, input, idempotencyKey }: OrderRequest<CashOrderRequest>,
): Promise<PlacedOrder> {
  if (input.paymentType === 'Card') throw new HttpError('CARD_ORDER_NEEDS_INTENT', CARD_THROUGH_INTENT);
  const orderer = storefrontOrderer(user, input);
  const order = withExtras(input);
  const key = keyOf(idempotencyKey, 'buy-product', order, { paymentType: 'Cash', ...guestHashPart(orderer) });
  return placeOrder(ctx, { orderer, input: order, payment: { type: 'Cash', status: 'unpaid' }, key, checkTotal: () => undefined });
}

/** A card order waiting for its payment, as opening its intent needs it. */
export interface CardOrderAwaitingPayment {
  id: string;
  /** Pence, as the server priced it. */
  total: number;
  paymentIntentId: string | null;
  trackingToken: string;
  /** Whom the payment is for: the account, or for an order without one nobody (its client secret is the proof). */
  customer: { id: string | null; email: string };
}

/**
 * The card order a tracking page pays (a payment link's, or a guest's card order not paid yet); refused when it was
 * paid already, or is not a card order waiting for its payment.
 */
export async function awaitingPaymentOf(ctx: Pick<ServiceContext, 'db'>, trackingToken: string): Promise<CardOrderAwaitingPayment> {
  const [row] = await ctx.db
    .select({ id: orders.id, paymentType: orders.paymentType, status: orders.status })
    .from(orders)
    .where(eq(orders.trackingToken, trackingToken))
    .limit(1);
  if (!row) throw new HttpError('ORDER_NOT_FOUND', TRACKING_NOT_FOUND);
  if (row.paymentType !== 'Card' || row.status !== 'Pending Order')
    throw new HttpError('ORDER_ALREADY_PAID', 'This order is not waiting for a card payment');
  return awaitingPayment(ctx, { orderId: row.id, created: false, trackingToken });
}

/** The card order just recorded (or the first one for a known key), refused when it was paid already. */
async function awaitingPayment(ctx: Pick<ServiceContext, 'db'>, placedOrder: PlacedOrder): Promise<CardOrderAwaitingPayment> {
  const order = (
    await ctx.db
      .select({
        id: orders.id,
        total: orders.total,
        paymentStatus: orders.paymentStatus,
        paymentIntentId: orders.paymentIntentId,
        placedAt: orders.placedAt,
        userId: orders.userId,
        email: orders.email,
      })
      .from(orders)
      .where(eq(orders.id, placedOrder.orderId))
      .limit(1)
  )[0];
  if (!order) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  if (order.placedAt || (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed')) {
    throw new HttpError('ORDER_ALREADY_PAID', 'This order is already paid');
  }
  return {
    id: order.id,
    total: order.total,
    paymentIntentId: order.paymentIntentId,
    trackingToken: placedOrder.trackingToken,
    customer: { id: order.userId, email: order.email },
  };
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
  const orderer = storefrontOrderer(user, input);
  const order = withExtras(input);
  const key = keyOf(idempotencyKey, 'create-payment-intent', order, guestHashPart(orderer));
  const checkTotal = (total: number) => {
    if (input.price !== undefined && poundsToPence(input.price) !== total) {
      throw new HttpError('PRICE_MISMATCH', `The price sent does not match the order total of ${formatPounds(total)}`);
    }
  };
  const placedOrder = await placeOrder(ctx, { orderer, input: order, payment: { type: 'Card', status: 'pending' }, key, checkTotal });
  return awaitingPayment(ctx, placedOrder);
}

/** A phone or counter order as `POST /api/staff/orders` parsed it, with who took it and the account found, if any. */
export interface StaffOrder {
  staff: SessionUser;
  input: StaffOrderInput;
  account: { id: string; email: string } | null;
  idempotencyKey: string | null;
}

/**
 * A phone or counter order (decision 1500), through the same placement: cash when handed over, paid at the counter
 * (the till's cash or the card terminal: placed paid), or a payment link (recorded waiting for its card, as a
 * storefront card order; the payments module opens its intent). The customer limits do not apply: the staff take
 * what a caller asks.
 */
export async function placeStaffOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  { staff, input, account, idempotencyKey }: StaffOrder,
): Promise<PlacedOrder & { awaiting: CardOrderAwaitingPayment | null }> {
  const orderer: Orderer = { kind: 'staff', staff, channel: input.channel, customer: input.customer, account };
  const payment: OrderPayment =
    input.payment === 'cash'
      ? { type: 'Cash', status: 'unpaid' }
      : input.payment === 'paid-at-counter'
        ? { type: input.tender === 'card' ? 'Card' : 'Cash', status: 'paid' }
        : { type: 'Card', status: 'pending' };
  const orderInput: OrderInput = {
    items: input.items,
    addressId: input.addressId ?? null,
    address: input.address,
    note: input.note,
    scheduledFor: input.scheduledFor,
    fulfilment: input.fulfilment,
    contact: input.fulfilment === 'collection' ? { name: input.customer.name, phone: input.customer.phone } : undefined,
    allergyNote: input.allergyNote,
    ...(input.promoCode ? { extras: { promoCode: input.promoCode } } : {}),
  };
  const key = keyOf(idempotencyKey, `staff-orders:${input.channel}:${input.payment}:${input.tender ?? ''}`, orderInput, {
    customer: input.customer,
    account: account?.id ?? null,
  });
  const placedOrder = await placeOrder(ctx, { orderer, input: orderInput, payment, key, checkTotal: () => undefined });
  // A payment link's order just recorded: the payments module opens its card payment. A replay answers the order alone.
  const awaiting = payment.status === 'pending' && placedOrder.created ? await awaitingPayment(ctx, placedOrder) : null;
  return { ...placedOrder, awaiting };
}
