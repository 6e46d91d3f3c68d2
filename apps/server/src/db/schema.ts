import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  char,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Allergen } from '@shop/shared/domain/allergens';
import type { DealSlot } from '@shop/shared/domain/catalogue';
import { DRINK_KINDS, TOPPING_CATEGORIES, type DrinkKind, type ToppingCategory } from '@shop/shared/domain/catalogue-values';
import { FULFILMENTS, type Fulfilment } from '@shop/shared/domain/fulfilment';
import { ORDER_CHANNELS, type OrderChannel } from '@shop/shared/domain/order-channel';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/domain/order-status';
import type { OpeningHours } from '@shop/shared/domain/opening-hours';
import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import type { PromotionRule } from '@shop/shared/domain/promotions';
import { LOYALTY_ENTRIES, type LoyaltyEntry, type StampCardSettings } from '@shop/shared/domain/stamp-card';
import { ROLES, type Role } from '@shop/shared/domain/roles';
import {
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFUND_STATUSES,
  type PaymentStatus,
  type PaymentType,
  type RefundStatus,
} from '@shop/shared/domain/payment-types';
import { VAT_RATES, type VatRate } from '@shop/shared/domain/vat';
import { newId } from './id';

// Every timestamp is timestamptz without a database default on purpose: services pass the shop clock
// (config.shopNow), so a fixed SHOP_TIME governs every stored time, including "today's orders".
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name = 'id') => char(name, { length: 24 });
const primaryId = () =>
  id()
    .primaryKey()
    .$defaultFn(() => newId());
/** A CHECK that the column holds one of a shared constant list's values (plain words: no quote to escape). */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/**
 * The allergens a product or topping contains (issue 22): codes of domain/allergens.ts; `[]` contains none of the 14,
 * NULL (the default) is not recorded yet (decision 1004: the storefront says 'ask us', never 'none').
 */
const allergenList = (name: string) => jsonb(name).$type<Allergen[] | null>();

/** PostgreSQL bytea. node-postgres answers Buffer, PGlite Uint8Array; both come back as Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Key/value facts about the database itself, e.g. when the seed ran. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Original upload, re-encoded as WebP. */
export const images = pgTable('images', {
  id: primaryId(),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: at('created_at').notNull(),
  /**
   * A private image (a driver's photo of a delivery at a customer's door) is never served by `GET /api/images/:id`,
   * whose ids are not secret; only the routes that check who asks serve it.
   */
  private: boolean('private').notNull().default(false),
});

/** Resized WebP copies of an image, one per width, for list answers (`imageUrl?w=`). */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: id('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

export const categories = pgTable('categories', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull(),
  imageId: id('image_id').references(() => images.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: primaryId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    // Nullable so a category can be removed once it only holds soft-deleted products that past orders refer to.
    categoryId: id('category_id').references(() => categories.id, { onDelete: 'set null' }),
    // Prices in integer pence. s = regular 7" (or 6 wings), m = medium 10" (or 10 wings), l = 13", xl = 15".
    priceS: integer('price_s'),
    priceM: integer('price_m'),
    priceL: integer('price_l'),
    priceXl: integer('price_xl'),
    crustDeepPan: integer('crust_deep_pan'),
    crustThin: integer('crust_thin'),
    crustStuffed: integer('crust_stuffed'),
    wingNormal: integer('wing_normal'),
    wingBoneless: integer('wing_boneless'),
    drinkKind: text('drink_kind').$type<DrinkKind>(),
    dealSlots: jsonb('deal_slots').$type<DealSlot[]>(),
    imageId: id('image_id').references(() => images.id, { onDelete: 'set null' }),
    // Sold out (issue 21, domain/sold-out.ts): until this instant (the end of the shop day it was marked in), or
    // until an admin turns it back on. Nothing clears an instant that has passed: the shop clock reads it as on sale.
    soldOutUntil: at('sold_out_until'),
    soldOutUntilBackOn: boolean('sold_out_until_back_on').notNull().default(false),
    allergens: allergenList('allergens'),
    /** The VAT rate it is sold at (issue 22 point 4): standard unless marked zero-rated. */
    vatRate: text('vat_rate').$type<VatRate>().notNull().default('standard'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    check('products_drink_kind_check', oneOf(t.drinkKind, DRINK_KINDS)),
    check('products_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check(
      'products_prices_check',
      sql`coalesce(${t.priceS}, 0) >= 0 and coalesce(${t.priceM}, 0) >= 0 and coalesce(${t.priceL}, 0) >= 0 and coalesce(${t.priceXl}, 0) >= 0`,
    ),
  ],
);

export const toppings = pgTable(
  'toppings',
  {
    id: primaryId(),
    name: text('name').notNull(),
    category: text('category').notNull().$type<ToppingCategory>(),
    price: integer('price').notNull(),
    imageId: id('image_id').references(() => images.id, { onDelete: 'set null' }),
    // Sold out, as products are.
    soldOutUntil: at('sold_out_until'),
    soldOutUntilBackOn: boolean('sold_out_until_back_on').notNull().default(false),
    allergens: allergenList('allergens'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('toppings_category_check', oneOf(t.category, TOPPING_CATEGORIES)), check('toppings_price_check', sql`${t.price} >= 0`)],
);

export const banners = pgTable('banners', {
  id: primaryId(),
  imageId: id('image_id')
    .notNull()
    .references(() => images.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    email: text('email').notNull().unique(),
    username: text('username').notNull(),
    /** domain/roles.ts: 'customer' or a staff role. */
    role: text('role').notNull().$type<Role>(),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    /**
     * When the customer deleted the account (issue 22 point 5): the row stays for the orders that refer to it, with
     * its e-mail, name and password replaced; null for a live account.
     */
    deletedAt: at('deleted_at'),
    /**
     * When the account proved it holds its e-mail (a code sent there); null until then. Orders placed as a guest
     * with that e-mail join the account's history only once it is verified.
     */
    emailVerifiedAt: at('email_verified_at'),
  },
  (t) => [check('users_role_check', oneOf(t.role, ROLES)), check('users_email_lower_check', sql`${t.email} = lower(${t.email})`)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageId: id('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** null = sent to every customer. */
    userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: id('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie token, so a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An e-mail change waiting for its confirmation (decision 0705): the new address and the argon2id hash of the code
 * mailed to it. One per account (a newer request replaces it); the account's e-mail changes only when the code is
 * given back, so until then the old address stays the sign-in.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('email_changes_user_unique').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const favourites = pgTable(
  'favourites',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: id('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('favourites_user_product_unique').on(t.userId, t.productId)],
);

/** The delivery address as it was when the order was placed; later edits of the address do not rewrite history. */
export interface AddressSnapshot {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  address: string;
  address2: string;
  city: string;
  postcode: string;
}

export const orders = pgTable(
  'orders',
  {
    id: primaryId(),
    /** The customer's account; null for a guest's order and for a staff-taken order of a caller without one. */
    userId: id('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Where the receipt and the order's mail go; '' for a caller who gave none. */
    email: text('email').notNull(),
    /** The customer's phone number in E.164 (domain/phone.ts), the key of guests' limits and of the phone lookup. */
    phone: text('phone'),
    /** How the order reached the shop (domain/order-channel.ts). */
    channel: text('channel').$type<OrderChannel>().notNull().default('web'),
    /** The staff member who took a phone or counter order. */
    takenBy: id('taken_by').references(() => users.id, { onDelete: 'set null' }),
    /** The unguessable key of the order's tracking page (`/track/<token>`), the only way a guest reaches it. */
    trackingToken: text('tracking_token').unique(),
    /** The priced lines exactly as charged; the orders module owns their shape. */
    items: jsonb('items').notNull().$type<Record<string, unknown>[]>(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    paymentType: text('payment_type').notNull().$type<PaymentType>(),
    paymentStatus: text('payment_status').notNull().$type<PaymentStatus>(),
    paymentIntentId: text('payment_intent_id').unique(),
    status: text('status').notNull().$type<OrderStatus>(),
    addressId: id('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    address: jsonb('address').notNull().$type<AddressSnapshot>(),
    note: text('note').notNull().default(''),
    /** 'Any allergies we should know about?' (issue 22 point 1), kept apart from the note; '' when none. */
    allergyNote: text('allergy_note').notNull().default(''),
    /**
     * Delivered or collected (issue 22 point 3). A collection order's address snapshot holds the customer's name,
     * e-mail and phone with empty address lines.
     */
    fulfilment: text('fulfilment').$type<Fulfilment>().notNull().default('delivery'),
    /** Pence: the delivery zone's fee, charged as its own line and included in total (0 for collection). */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    /**
     * The discounts taken off, each a line of its own (domain/order-discounts.ts: a promotion's, the stamp card's
     * reward), as charged; `discount` is their sum in pence. total = subtotal + delivery_fee - discount + tip.
     */
    discounts: jsonb('discounts').notNull().default([]).$type<OrderDiscount[]>(),
    discount: integer('discount').notNull().default(0),
    /** Pence: the customer's tip for the driver (a delivery's only), held and captured with the order, never the shop's. */
    tip: integer('tip').notNull().default(0),
    /**
     * When the shop first saw the order: a cash order at once, a card order once its money is held (decision 0800).
     * Null while a card order waits for its payment: such an order is the customer's business only.
     */
    placedAt: at('placed_at'),
    /** When an accepted order is expected to arrive (set on accept, moved when re-timed); null until accepted. */
    expectedAt: at('expected_at'),
    /**
     * The 15-minute slot the customer ordered ahead for (issue 21, decision 0901); null = as soon as possible.
     * Accepting such an order sets expected_at to it.
     */
    scheduledFor: at('scheduled_for'),
    /** Why the order was canceled (a preset, the admin's words, or the server's when nobody answered). */
    cancelReason: text('cancel_reason'),
    /** Pence refunded so far (pending and succeeded refunds; a failed one is given back). */
    refundedTotal: integer('refunded_total').notNull().default(0),
    /** Europe/London short date and time strings, as the spec's order answers carry them. */
    date: text('date').notNull(),
    time: text('time').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    /** When the kitchen said a delivery is ready to go (dispatch's list and watchdog, decision 1700); null until then. */
    readyAt: at('ready_at'),
  },
  (t) => [
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_user_created_at_idx').on(t.userId, t.createdAt),
    index('orders_email_created_at_idx').on(t.email, t.createdAt),
    index('orders_phone_created_at_idx').on(t.phone, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_placed_at_idx').on(t.placedAt),
    // When an order is due: the kitchen's load per 15-minute slot (capacity) and the list sorted by it.
    index('orders_due_at_idx').on(sql`coalesce(${t.expectedAt}, ${t.scheduledFor})`),
    check('orders_payment_type_check', oneOf(t.paymentType, PAYMENT_TYPES)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_money_check', sql`${t.subtotal} >= 0 and ${t.total} >= 0`),
    check('orders_fulfilment_check', oneOf(t.fulfilment, FULFILMENTS)),
    check('orders_channel_check', oneOf(t.channel, ORDER_CHANNELS)),
    check('orders_delivery_fee_check', sql`${t.deliveryFee} >= 0`),
    check('orders_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} + ${t.deliveryFee}`),
    check('orders_tip_check', sql`${t.tip} >= 0 and (${t.tip} = 0 or ${t.fulfilment} = 'delivery')`),
    check('orders_refunded_check', sql`${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`),
  ],
);

/**
 * Refunds of card orders (decision 0800): written before the provider is asked (status 'pending'), with the
 * idempotency key the provider gets, so a retry never refunds twice; the provider's id and outcome are recorded
 * when it answers or when its `charge.refunded` / `refund.failed` event arrives.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: primaryId(),
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Pence. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().$type<RefundStatus>(),
    providerRefundId: text('provider_refund_id').unique(),
    /** The provider's idempotency key for this refund: `refund-<id>`, or `cancel-<orderId>` for a cancellation's. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    failureReason: text('failure_reason'),
    createdBy: id('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
  ],
);

/**
 * The shop's settings, one row (id 1): the order timers and acceptance of decision 0800; later issues add columns.
 * Read through modules/settings, which supplies the defaults when the row is absent.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey(),
    lateAfterMinutes: integer('late_after_minutes').notNull(),
    autoRejectAfterMinutes: integer('auto_reject_after_minutes').notNull(),
    autoAccept: boolean('auto_accept').notNull(),
    /** The kitchen (issue 21, decision 0901): the usual time, the queue's allowance and cost, the cap per slot. */
    usualMinutes: integer('usual_minutes').notNull().default(45),
    queueAllowance: integer('queue_allowance').notNull().default(5),
    minutesPerExtraOrder: integer('minutes_per_extra_order').notNull().default(5),
    /** Accepted orders per 15-minute slot; 0 = no cap. */
    slotCapacity: integer('slot_capacity').notNull().default(0),
    /** Collection's usual time (issue 22 point 3), in minutes. */
    collectionMinutes: integer('collection_minutes').notNull().default(20),
    /**
     * The shop's own post code (issue 22 point 2; SHOP_POSTCODE until set here), normalised ('BS1 4DJ'); null while
     * not set: every UK post code is then accepted and the back office asks for it.
     */
    shopPostcode: text('shop_postcode'),
    /**
     * The trader (issue 22 point 4), as the storefront's footer, checkout and receipts show it; null: the
     * environment's value (SHOP_NAME, SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL, SHOP_VAT_NUMBER) or the default.
     */
    traderName: text('trader_name'),
    /** The address lines, one per line. */
    traderAddress: text('trader_address'),
    traderPhone: text('trader_phone'),
    traderEmail: text('trader_email'),
    /** Optional: with it, receipts show the VAT included per rate. */
    vatNumber: text('vat_number'),
    updatedAt: at('updated_at'),
    /**
     * The opening hours the owner sets (decision 1400): domain/opening-hours.ts's OpeningHours,
     * checked by the contract before it is stored; null: the spec's (DEFAULT_OPENING_HOURS).
     */
    openingHours: jsonb('opening_hours').$type<OpeningHours | null>(),
    /** The minimum order per fulfilment, pence of food; null: the spec's £10. */
    minimumDelivery: integer('minimum_delivery'),
    minimumCollection: integer('minimum_collection'),
    /** The most a counter login may refund of one order, pence (decision 1401). */
    counterRefundLimit: integer('counter_refund_limit').notNull().default(500),
    /** An order placed ahead prints its kitchen ticket this many minutes before its slot. */
    ticketLeadMinutes: integer('ticket_lead_minutes').notNull().default(30),
    /** At the end of the trading day, close what was left open, so the board starts the next day empty. */
    autoCloseDay: boolean('auto_close_day').notNull().default(true),
    /** The stamp card (domain/stamp-card.ts): stamps needed and the reward; null: off (the default). */
    stampCard: jsonb('stamp_card').$type<StampCardSettings | null>(),
    /** The shop's written tipping policy (the Employment (Allocation of Tips) Act), as the owner wrote it; null: the default text. */
    tippingPolicy: text('tipping_policy'),
    /** The shop's own drivers (decision 1700): pence paid to a driver per delivered drop, besides their tips. */
    payPerDrop: integer('pay_per_drop').notNull().default(0),
    /** The tracker's map: a tile URL template ('https://tile.example/{z}/{x}/{y}.png') and its attribution; null: no map. */
    mapTileUrl: text('map_tile_url'),
    mapAttribution: text('map_attribution'),
    /** Transactional order updates to customers: Web Push to those who allow it, texts when an SMS provider is set. */
    pushUpdates: boolean('push_updates').notNull().default(true),
    smsUpdates: boolean('sms_updates').notNull().default(false),
    /** The board's watchdog: a ready delivery unassigned this long, or on the way this long past its time, warns. */
    unassignedWarnMinutes: integer('unassigned_warn_minutes').notNull().default(10),
    lateDeliveryWarnMinutes: integer('late_delivery_warn_minutes').notNull().default(15),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Where the shop delivers (issue 22 point 2): UK post code districts ('BS1') or sectors ('BS6 5'), each with a fee
 * and a minimum order in pence. The most specific zone holding an address's post code applies (a sector before its
 * district); a post code in none is refused. With no zones and no shop post code every UK post code is accepted.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: primaryId(),
    /** Normalised: upper case, a sector with one space ('BS6 5'). */
    code: text('code').notNull().unique(),
    fee: integer('fee').notNull(),
    minimumOrder: integer('minimum_order').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [check('delivery_zones_money_check', sql`${t.fee} >= 0 and ${t.minimumOrder} >= 0`)],
);

/**
 * The shop's live state, one row (id 1; issue 21, decision 0901): busy mode (extra minutes on the quote, until a
 * time or, with busy_until null, until turned off) and a pause (no order for as soon as possible until paused_until).
 * Both end by themselves: every reader compares them with the shop clock; no job clears them.
 */
export const shopStatus = pgTable(
  'shop_status',
  {
    id: integer('id').primaryKey(),
    busyExtraMinutes: integer('busy_extra_minutes'),
    busyUntil: at('busy_until'),
    pausedUntil: at('paused_until'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    check('shop_status_single_row', sql`${t.id} = 1`),
    check('shop_status_busy_check', sql`${t.busyUntil} is null or ${t.busyExtraMinutes} is not null`),
  ],
);

/**
 * Mail to customers about their orders (decision 0800), queued when the change it tells of has committed (the
 * order-mail module), sent at once and by the order timers: a failure is retried later with a growing wait, and
 * never fails the order. `dedupe_key` makes one change one mail, whichever process queues it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: primaryId(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mail_queue_due_idx').on(t.sentAt, t.nextAttemptAt)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: primaryId(),
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<OrderStatus>(),
    changedBy: id('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: at('changed_at').notNull(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.changedAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: primaryId(),
    key: text('key').notNull(),
    /** Whose key: the customer's account, or for a guest's order none (a guest's key is unique by itself). */
    userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the request body, so a reused key with a different body is refused. */
    requestHash: text('request_hash').notNull(),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    uniqueIndex('idempotency_keys_guest_key_unique')
      .on(t.key)
      .where(sql`${t.userId} is null`),
  ],
);

/** Card payments, created with the intent before the order exists and linked to it when it is placed. */
export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    userId: id('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider').notNull().$type<'stripe' | 'test'>(),
    intentId: text('intent_id').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull(),
    /**
     * How the customer paid, once the provider says: 'card', 'saved_card', 'apple_pay', 'google_pay', 'link',
     * 'test_wallet'; null until the payment is confirmed.
     */
    method: text('method'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [index('payments_order_idx').on(t.orderId), check('payments_provider_check', sql`${t.provider} in ('stripe', 'test')`)],
);

/** A signed-in customer's customer at the payment provider (Stripe's `cus_...`), whose saved cards the provider keeps. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().$type<'stripe' | 'test'>(),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: at('created_at').notNull(),
});

/**
 * The offline test provider's saved payment methods (what Stripe keeps for a live shop): a test card's brand, last
 * four digits and expiry, never its number. Owned by the payments module.
 */
export const testPaymentMethods = pgTable(
  'test_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** Whether paying with it asks for the CVC again (as Stripe may). */
    needsCvc: boolean('needs_cvc').notNull().default(false),
    createdAt: at('created_at').notNull(),
    detachedAt: at('detached_at'),
  },
  (t) => [index('test_payment_methods_customer_idx').on(t.customerId)],
);

/**
 * Promotions the owner makes (domain/promotions.ts): a code the customer types, or an automatic offer (no code).
 * `rule` is the whole definition (what comes off, the conditions, the limits), checked by the contract before it is
 * stored. Deleting one archives it (deleted_at), so the orders that used it still name it.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: primaryId(),
    name: text('name').notNull(),
    /** Upper case ('PIZZA10'); null: applied automatically when its conditions hold. */
    code: text('code'),
    rule: jsonb('rule').notNull().$type<PromotionRule>(),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('promotions_code_unique')
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
    check('promotions_code_check', sql`${t.code} is null or ${t.code} = upper(${t.code})`),
  ],
);

/**
 * Each use of a promotion by an order, written in the order's own transaction under the promotion's row lock, so the
 * limits (per customer, in total) are counted one order at a time. A canceled order's use no longer counts.
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: primaryId(),
    promotionId: id('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Pence taken off the order. */
    amount: integer('amount').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_order_unique').on(t.orderId, t.promotionId),
    index('promotion_redemptions_promotion_idx').on(t.promotionId),
  ],
);

/**
 * The stamp card's ledger (domain/stamp-card.ts), one customer's card as the sum of its entries: a stamp earned by a
 * completed order (+1), taken back when that order is refunded or canceled (-1), stamps spent on a reward (-N) and
 * given back when the order that spent them is canceled (+N). Append-only: a trigger refuses UPDATE (migration 0013);
 * rows go only with the account they belong to. One entry of each kind per order.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    entry: text('entry').notNull().$type<LoyaltyEntry>(),
    stamps: integer('stamps').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    index('loyalty_ledger_user_idx').on(t.userId, t.at),
    uniqueIndex('loyalty_ledger_order_entry_unique').on(t.orderId, t.entry),
    check('loyalty_ledger_entry_check', oneOf(t.entry, LOYALTY_ENTRIES)),
  ],
);

/** Webhook events already handled; the primary key makes a replayed event a no-op. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    transport: text('transport').notNull().$type<'smtp' | 'outbox'>(),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check('mail_outbox_transport_check', sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);

/**
 * The socket.io PostgreSQL adapter's table (@socket.io/postgres-adapter): events too large for a NOTIFY payload
 * (over 8000 bytes) or carrying binary data go here and the notification names the row. The adapter writes
 * `payload` only and deletes rows older than its cleanup interval by `created_at`, so this table, unlike the
 * others, takes its time from the database's clock. Created on PGlite too, where nothing uses it.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * The account routes' rate-limit counters (decisions 0103 and 0701), one row per limit and counted key, shared by
 * every process so that N processes do not allow N times the limit. `key` is the sha256 (hex) of the limit's name
 * and the counted key, so the table holds no e-mail or address in clear and a key is never too long to index.
 * A window starts with the first request and ends at `expires_at`; the upsert in modules/auth/rate-limit-store.ts
 * restarts an expired row, and expired rows are swept now and then. Like socket_io_attachments, and unlike the
 * other tables, its times are the database's clock: a limit's window is real time, whatever SHOP_TIME says, and
 * every process reads the same clock.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Receipt printers (issue 24, decision 1200): how each is reached (ESC/POS over TCP, or Star CloudPRNT polling with
 * its secret in the URL), its paper and which tickets it prints. `last_seen_at` and `last_error` are the
 * database's clock, as every print time: a printer answers in real time, whatever SHOP_TIME says.
 */
export const printers = pgTable(
  'printers',
  {
    id: primaryId(),
    name: text('name').notNull(),
    connectionKind: text('connection_kind').$type<'tcp' | 'cloudprnt'>().notNull(),
    host: text('host'),
    port: integer('port'),
    /** CloudPRNT only: the secret of the printer's poll URL (random, 32 bytes base64url). */
    cloudprntSecret: text('cloudprnt_secret'),
    paperWidth: integer('paper_width').$type<80 | 58>().notNull(),
    copies: integer('copies').notNull(),
    printsKitchen: boolean('prints_kitchen').notNull(),
    printsCustomer: boolean('prints_customer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('printers_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('printers_cloudprnt_secret_unique').on(t.cloudprntSecret),
    check('printers_connection_kind', oneOf(t.connectionKind, ['tcp', 'cloudprnt'])),
    check('printers_paper_width', sql`${t.paperWidth} in (80, 58)`),
    check('printers_copies', sql`${t.copies} between 1 and 5`),
    check(
      'printers_connection',
      sql`(${t.connectionKind} = 'tcp' and ${t.host} is not null and ${t.port} is not null) or (${t.connectionKind} = 'cloudprnt' and ${t.cloudprntSecret} is not null)`,
    ),
  ],
);

/**
 * One ticket to print on one printer (issue 24, decision 1200): the receiptline document is written when the job is
 * made, so a reprint prints the order as it was then. Exactly once: a process claims a job with one UPDATE ... WHERE
 * status = 'queued' (or its claim ran out) RETURNING, so no two send it; it is marked printed only after the
 * printer took every byte. Every time is the database's clock.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey(),
    printerId: id('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'kitchen' | 'customer'>().notNull(),
    reason: text('reason').$type<'accept' | 'reprint' | 'test'>().notNull(),
    status: text('status').$type<'queued' | 'sending' | 'printed' | 'failed'>().notNull(),
    /** The ticket as a receiptline document; turned into the printer's commands when it is sent. */
    document: text('document').notNull(),
    copies: integer('copies').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }),
    /** Not sent before this (the backoff after a failure). */
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }).notNull(),
    /** The process that holds the job while `claimed_until` is ahead. */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** When the admins were told it is late (once). */
    lateWarnedAt: timestamp('late_warned_at', { withTimezone: true, mode: 'date' }),
    /** A reprint's Idempotency-Key (the admin's id and the key, hashed). */
    requestKey: text('request_key'),
    requestHash: text('request_hash'),
  },
  (t) => [
    index('print_jobs_waiting_idx')
      .on(t.printerId, t.createdAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('print_jobs_order_idx').on(t.orderId),
    index('print_jobs_request_idx').on(t.requestKey),
    // An order's automatic jobs are made once per printer and kind, whichever process hears the acceptance.
    uniqueIndex('print_jobs_accept_once')
      .on(t.printerId, t.orderId, t.kind)
      .where(sql`${t.reason} = 'accept'`),
    check('print_jobs_kind', oneOf(t.kind, ['kitchen', 'customer'])),
    check('print_jobs_reason', oneOf(t.reason, ['accept', 'reprint', 'test'])),
    check('print_jobs_status', oneOf(t.status, ['queued', 'sending', 'printed', 'failed'])),
  ],
);

/** A reprint's Idempotency-Key (decision 0401): claimed first, so a retried request finds the first one's jobs. */
export const printRequests = pgTable('print_requests', {
  /** sha256 of the admin's id and the key. */
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An invitation to join the staff (decision 1401): the invited account exists from the invitation (no usable password
 * until the link is used); the link carries the token, only its sha256 is kept. Used once, within its expiry.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: id('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
  },
  (t) => [index('staff_invites_user_idx').on(t.userId)],
);

/**
 * The audit log (decision 1402): who did what to what, when, with the state before and after. Append-only: a trigger
 * refuses every UPDATE and DELETE (migration 0011), and no route changes an entry. The actor's name and role are
 * copied, so an entry reads the same after the account changes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    at: at('at').notNull(),
    actorId: id('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** e.g. 'order.refund', 'order.cancel', 'product.update', 'hours.update', 'shop.pause', 'staff.invite', 'ticket.reprint'. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** One line a person reads: 'Refunded £4.50 of order 1042'. */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * A driver's run (decision 1700): one or several deliveries taken out together, in the order `run_stops.position`
 * gives. Started when the driver picks it up (every stop goes 'On the way'), finished when its last stop is delivered
 * or taken off it.
 */
export const deliveryRuns = pgTable(
  'delivery_runs',
  {
    id: primaryId(),
    driverId: id('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdBy: id('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('delivery_runs_driver_idx').on(t.driverId, t.createdAt)],
);

/** A delivery assigned to a run: one row per order (an order is on one run at a time). */
export const runStops = pgTable(
  'run_stops',
  {
    orderId: id('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    runId: id('run_id')
      .notNull()
      .references(() => deliveryRuns.id, { onDelete: 'cascade' }),
    /** 1, 2, ...: the stop's place in its run. */
    position: integer('position').notNull(),
    assignedAt: at('assigned_at').notNull(),
    assignedBy: id('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    pickedUpAt: at('picked_up_at'),
    deliveredAt: at('delivered_at'),
    /** Pence the driver says they took for a cash order; null for a card order or until delivered. */
    cashCollected: integer('cash_collected'),
    /** An optional photo of the delivery left at the door (src/images). */
    photoImageId: id('photo_image_id').references(() => images.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('run_stops_run_idx').on(t.runId, t.position),
    check('run_stops_position_check', sql`${t.position} >= 1`),
    check('run_stops_cash_check', sql`${t.cashCollected} is null or ${t.cashCollected} >= 0`),
  ],
);

/**
 * Where a driver's phone said it was (`POST /api/driver/location`): taken only from that driver, for their own run.
 * `shown` is false for a fix too far from the last shown one in too short a time; the tracker draws shown fixes only.
 */
export const driverPositions = pgTable(
  'driver_positions',
  {
    id: primaryId(),
    driverId: id('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    runId: id('run_id').references(() => deliveryRuns.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Metres, as the phone reported it; null when it did not. */
    accuracy: doublePrecision('accuracy'),
    shown: boolean('shown').notNull(),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [
    index('driver_positions_driver_idx').on(t.driverId, t.recordedAt),
    index('driver_positions_run_idx').on(t.runId, t.recordedAt),
    check('driver_positions_lat_check', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
  ],
);

/**
 * A driver's shift for one trading day (decision 1701): the float taken out, the cash handed in at the end; the cash
 * expected is the cash orders they delivered that day, the pay their drops at `pay_per_drop` (copied when closed).
 */
export const driverShifts = pgTable(
  'driver_shifts',
  {
    id: primaryId(),
    driverId: id('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The London trading day, YYYY-MM-DD. */
    businessDate: text('business_date').notNull(),
    floatPence: integer('float_pence').notNull().default(0),
    openedAt: at('opened_at').notNull(),
    openedBy: id('opened_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: at('closed_at'),
    closedBy: id('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Pence counted back at the close; null while open. */
    cashHandedIn: integer('cash_handed_in'),
    /** Pence per drop when the shift was closed. */
    payPerDrop: integer('pay_per_drop'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('driver_shifts_driver_day_unique').on(t.driverId, t.businessDate),
    index('driver_shifts_day_idx').on(t.businessDate),
    check('driver_shifts_money_check', sql`${t.floatPence} >= 0 and (${t.cashHandedIn} is null or ${t.cashHandedIn} >= 0)`),
  ],
);

/**
 * Tips paid out to a worker for a month (the Employment (Allocation of Tips) Act 2023, decision 1701): in full, by the
 * end of the following month. Kept at least three years, as the Act asks of tip records.
 */
export const tipPayouts = pgTable(
  'tip_payouts',
  {
    id: primaryId(),
    workerId: id('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** YYYY-MM: the month the tips were paid by customers in. */
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    paidAt: at('paid_at').notNull(),
    paidBy: id('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'payroll' or 'cash'. */
    method: text('method').notNull(),
  },
  (t) => [
    uniqueIndex('tip_payouts_worker_month_unique').on(t.workerId, t.month),
    check('tip_payouts_amount_check', sql`${t.amount} >= 0`),
    check('tip_payouts_method_check', sql`${t.method} in ('payroll', 'cash')`),
  ],
);

/** A customer's browser that asked for Web Push updates of one order (decision 1702). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: primaryId(),
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: at('created_at').notNull(),
    /** Set when the push service answers 404 or 410 (the subscription is gone) or the customer turns updates off. */
    endedAt: at('ended_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_order_endpoint_unique').on(t.orderId, t.endpoint)],
);

/**
 * One row per order update sent (decision 1702): the primary key makes each event go out once per channel, whatever
 * retries or second processes do. `event`: 'accepted' | 'on-the-way' | 'delivered'; `channel`: 'push' | 'sms'.
 */
export const orderUpdatesSent = pgTable(
  'order_updates_sent',
  {
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.event, t.channel] })],
);

/** A customer turned a channel of an order's updates off (its tracking page, or STOP by text). */
export const orderUpdateOptOuts = pgTable(
  'order_update_opt_outs',
  {
    orderId: id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.channel] })],
);

/** The shop's VAPID key pair for Web Push (decision 1702): made once on first use unless the environment gives one. */
export const webPushKeys = pgTable(
  'web_push_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('web_push_keys_single_row', sql`${t.id} = 1`)],
);
