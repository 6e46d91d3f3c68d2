/**
 * Orders and payments on the wire (SPEC.md sections 3 and 7). The server prices every order itself from
 * the cart lines; a client's `date`, `time` and `status` are accepted for compatibility and replaced by
 * the server's, and a client `price` is only checked, never charged. Items are cart lines or the spec's own
 * order items (`spec-order-items.ts`), whose `totalQuantityPrice` and `toppingsPrice` are ignored.
 */
import { z } from 'zod';
import { crustSchema, sizeSchema, wingTypeSchema } from '../domain/catalogue';
import { ALLERGENS } from '../domain/allergens';
import type { OpeningStatus } from '../domain/kitchen';
import { MAX_CANCEL_REASON_LENGTH, MAX_READY_MINUTES, MIN_READY_MINUTES } from '../domain/order-promise';
import { orderStatusSchema } from '../domain/order-status';
import { FULFILMENTS } from '../domain/fulfilment';
import { CASH_ON_DELIVERY, PAY_ON_COLLECTION, PAYMENT_STATUSES, PAYMENT_TYPES, REFUND_STATUSES } from '../domain/payment-types';
import { addressWireSchema, phoneSchema } from './addresses';
import { EMAIL_TEXT_MAX_LENGTH } from './auth';
import { cartLineSchema, MAX_CART_LINES, objectIdSchema } from './cart';
import { insertedAnswerSchema, modifiedAnswerSchema } from './catalogue';
import { orderPeriodSchema } from './summary';
import { orderItemSchema, orderItemsSchema } from './spec-order-items';
import { guestSchema, orderAddressSchema } from './guest';
import { ORDER_CHANNELS } from '../domain/order-channel';
import { discountWireSchema, orderExtrasFields, TIP_ONLY_FOR_DELIVERY } from './order-extras';
import { TEST_WALLET } from './payment-methods';
import { deliveryProgressSchema } from './dispatch';

export const MAX_NOTE_LENGTH = 500;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII, as Stripe accepts for its own idempotency keys. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/, 'Idempotency-Key must be 8 to 255 printable characters');

/** An order's `email`, when sent, must be the signed-in user's own (checked by the route); no longer than an e-mail field. */
const orderEmailSchema = z.string().max(EMAIL_TEXT_MAX_LENGTH, 'The email is not a valid email address').optional();

const noteSchema = z.string().max(MAX_NOTE_LENGTH, `The note is at most ${MAX_NOTE_LENGTH} characters`).default('');

/** 'Any allergies we should know about?' (issue 22 point 1, decision 1003): kept apart from the note, trimmed. */
export const MAX_ALLERGY_NOTE_LENGTH = 300;
export const ALLERGY_NOTE_TOO_LONG = `The allergy note is at most ${MAX_ALLERGY_NOTE_LENGTH} characters`;
const allergyNoteSchema = z.string('allergyNote must be text').trim().max(MAX_ALLERGY_NOTE_LENGTH, ALLERGY_NOTE_TOO_LONG).default('');

export const FULFILMENT_MESSAGE = 'fulfilment must be delivery or collection';
/** Delivered or collected (issue 22 point 3); a delivery when absent, as every order was before. */
const fulfilmentSchema = z.enum(FULFILMENTS, FULFILMENT_MESSAGE).default('delivery');

export const CONTACT_NAME_MESSAGE = 'Your name is required';
/**
 * Who collects a collection order (decision 1003): a name and a phone number for the shop to call, stored in the
 * order's address snapshot with empty address lines (the e-mail is the account's).
 */
export const collectionContactSchema = z.strictObject({
  name: z.string(CONTACT_NAME_MESSAGE).trim().min(1, CONTACT_NAME_MESSAGE).max(100, 'Your name is at most 100 characters'),
  phone: phoneSchema,
});
export type CollectionContact = z.input<typeof collectionContactSchema>;

export const COLLECTION_NEEDS_CONTACT = 'A collection order needs your name and phone number (contact)';
export const COLLECTION_HAS_NO_ADDRESS = 'A collection order has no delivery address: leave addressId out';
export const CONTACT_ONLY_FOR_COLLECTION = 'contact is only for a collection order: a delivery takes the address’s';
export const PAY_ON_COLLECTION_ONLY = `${PAY_ON_COLLECTION} is only for a collection order: a delivery is paid ${CASH_ON_DELIVERY}`;

export const GUEST_NEEDS_ADDRESS = 'A guest’s delivery needs its address (address)';
export const GUEST_HAS_NO_SAVED_ADDRESSES = 'A guest has no saved addresses: send the address itself (address), not addressId';
export const ADDRESS_ONLY_FOR_GUESTS = 'address is for a guest’s order: a signed-in customer sends addressId';
export const COLLECTION_TAKES_NO_ADDRESS = 'A collection order has no delivery address: leave address out';

/** The fields both order routes share for collection (decision 1003) and guests, and their rules across fields. */
const fulfilmentFields = {
  fulfilment: fulfilmentSchema,
  /** Required for a signed-in customer's collection order, refused for a delivery; a guest's defaults to the guest. */
  contact: collectionContactSchema.optional(),
  allergyNote: allergyNoteSchema,
  ...orderExtrasFields,
  /** Ordering without an account (decision 1500): who the guest is. Refused with a session. */
  guest: guestSchema.optional(),
  /** A guest's delivery address, typed at checkout (a signed-in customer's is one of theirs: addressId). */
  address: orderAddressSchema.optional(),
};

function checkFulfilment(
  body: {
    fulfilment: 'delivery' | 'collection';
    addressId?: string | null | undefined;
    contact?: unknown;
    paymentType?: string;
    guest?: unknown;
    address?: unknown;
    tip?: number | undefined;
  },
  ctx: z.core.$RefinementCtx,
): void {
  const guest = body.guest !== undefined;
  if (body.address !== undefined && !guest) ctx.addIssue({ code: 'custom', path: ['address'], message: ADDRESS_ONLY_FOR_GUESTS });
  if (guest && body.addressId) ctx.addIssue({ code: 'custom', path: ['addressId'], message: GUEST_HAS_NO_SAVED_ADDRESSES });
  if (body.fulfilment === 'collection') {
    if (body.tip) ctx.addIssue({ code: 'custom', path: ['tip'], message: TIP_ONLY_FOR_DELIVERY });
    if (body.contact === undefined && !guest) ctx.addIssue({ code: 'custom', path: ['contact'], message: COLLECTION_NEEDS_CONTACT });
    if (body.addressId) ctx.addIssue({ code: 'custom', path: ['addressId'], message: COLLECTION_HAS_NO_ADDRESS });
    if (guest && body.address !== undefined) ctx.addIssue({ code: 'custom', path: ['address'], message: COLLECTION_TAKES_NO_ADDRESS });
  } else {
    if (guest && body.address === undefined) ctx.addIssue({ code: 'custom', path: ['address'], message: GUEST_NEEDS_ADDRESS });
    if (body.contact !== undefined) ctx.addIssue({ code: 'custom', path: ['contact'], message: CONTACT_ONLY_FOR_COLLECTION });
    if (body.paymentType === PAY_ON_COLLECTION) ctx.addIssue({ code: 'custom', path: ['paymentType'], message: PAY_ON_COLLECTION_ONLY });
  }
}

export const SCHEDULED_FOR_MESSAGE = 'scheduledFor must be a date and time such as 2026-11-28T19:30:00Z, or null';
/**
 * When the order is for (issue 21, decision 0901): one of `GET /api/order-slots`' slots (ISO, any offset: the
 * instant counts); null or absent = as soon as possible. A time that is not a free slot is refused 422
 * SLOT_NOT_AVAILABLE with words naming the next free one.
 */
const scheduledForSchema = z.iso.datetime({ offset: true, message: SCHEDULED_FOR_MESSAGE }).nullable().optional();

/** `POST /api/buy-product` body (cash orders; card orders start at `POST /api/create-payment-intent`). */
export const buyProductRequestSchema = z
  .strictObject({
    /** Cart lines, or order items as SPEC.md section 3 writes them (mixed if need be). */
    items: orderItemsSchema,
    /** When sent it must be the signed-in user's own e-mail. */
    email: orderEmailSchema,
    /** Ignored: the server records its own date and time (Europe/London). */
    date: z.string().max(40).optional(),
    time: z.string().max(40).optional(),
    /** 'Pay on collection' is the cash type's words for a collection order (stored as 'Cash'). */
    paymentType: z.enum(['Cash', CASH_ON_DELIVERY, PAY_ON_COLLECTION, 'Card']),
    /** Only 'Pending Order' may be sent: every order starts there. */
    status: z.literal('Pending Order').optional(),
    addressId: objectIdSchema.nullable().optional(),
    note: noteSchema,
    scheduledFor: scheduledForSchema,
    ...fulfilmentFields,
  })
  .superRefine(checkFulfilment);
export type BuyProductRequest = z.input<typeof buyProductRequestSchema>;

/**
 * The spec's `POST /create-payment-intent` sends `{price}` alone; the server opens a payment only for an order it
 * priced itself (decisions 0400 and 0601), so the items are required and a missing list says so.
 */
export const CARD_ORDER_NEEDS_ITEMS =
  'Send the order with its items and addressId: the server prices card orders itself and cannot open a payment for a price alone';

/** `POST /api/create-payment-intent` body: the cart, the address and the note; `price` (pounds) is only checked. */
export const createPaymentIntentRequestSchema = z
  .strictObject({
    items: z
      .array(orderItemSchema, { error: (issue) => (issue.input === undefined ? CARD_ORDER_NEEDS_ITEMS : undefined) })
      .max(MAX_CART_LINES),
    addressId: objectIdSchema.nullable().optional(),
    note: noteSchema,
    price: z.number().nonnegative().optional(),
    email: orderEmailSchema,
    scheduledFor: scheduledForSchema,
    /** A signed-in customer keeps the card they pay with for next time (the provider keeps it, never the shop). */
    saveCard: z.boolean().optional(),
    ...fulfilmentFields,
  })
  .superRefine(checkFulfilment);
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export const paymentProviderKindSchema = z.enum(['stripe', 'test']);
export type PaymentProviderKind = z.infer<typeof paymentProviderKindSchema>;

/** `POST /api/create-payment-intent` answer. */
export const createPaymentIntentAnswerSchema = z.strictObject({
  clientSecret: z.string(),
  orderId: z.string(),
  provider: paymentProviderKindSchema,
  /** Stripe's publishable key; null in test mode. */
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
  /** The amount to be charged, in pounds. */
  amount: z.number(),
  /** The order's tracking page (`/track/<token>`): a guest's only way back to the order. */
  trackingUrl: z.string(),
});
export type CreatePaymentIntentAnswer = z.infer<typeof createPaymentIntentAnswerSchema>;

/** `POST /api/buy-product` answer: the new order's id (201), or the first order's when its key is sent again (200). */
export const buyProductAnswerSchema = insertedAnswerSchema.extend({
  /** The order's tracking page (`/track/<token>`), as the receipt mail links it. */
  trackingUrl: z.string(),
});
export type BuyProductAnswer = z.infer<typeof buyProductAnswerSchema>;

/**
 * `GET /api/payment-config` answer. `cardPayments` false: the shop takes cash on delivery only (PAYMENTS=cash-only),
 * so the storefront offers no card payment and `POST /api/create-payment-intent` answers 422 CARD_PAYMENTS_OFF.
 */
export const paymentConfigSchema = z.strictObject({
  cardPayments: z.boolean(),
  provider: paymentProviderKindSchema.nullable(),
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const TEST_CONFIRM_ONE_WAY = 'Pay with one of cardNumber (with exp and cvc), wallet or paymentMethodId';

/**
 * `POST /api/test-payments/confirm` body (offline test provider only): one way to pay, a test card (`cardNumber`,
 * `exp`, `cvc`; `saveCard` keeps it for a signed-in customer), the test wallet (`wallet`), or one of the customer's
 * saved cards (`paymentMethodId`, with `cvc` when it asks for it).
 */
export const testPaymentConfirmSchema = z
  .strictObject({
    clientSecret: z.string().min(1).max(200),
    cardNumber: z.string().max(40).optional(),
    exp: z.string().max(10).optional(),
    cvc: z.string().max(10).optional(),
    saveCard: z.boolean().optional(),
    wallet: z.literal(TEST_WALLET).optional(),
    paymentMethodId: z.string().min(1).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    const ways = [body.cardNumber, body.wallet, body.paymentMethodId].filter((way) => way !== undefined);
    if (ways.length !== 1) ctx.addIssue({ code: 'custom', path: [], message: TEST_CONFIRM_ONE_WAY });
    if (body.cardNumber !== undefined) {
      if (body.exp === undefined) ctx.addIssue({ code: 'custom', path: ['exp'], message: 'the card’s expiry (MM/YY) is missing' });
      if (body.cvc === undefined) ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'the card’s security code is missing' });
    } else if (body.saveCard) {
      ctx.addIssue({ code: 'custom', path: ['saveCard'], message: 'only a card typed in can be saved' });
    }
  });
export type TestPaymentConfirm = z.infer<typeof testPaymentConfirmSchema>;
/**
 * Its answer: the intent's status, `requires_capture` (the money is held until the shop accepts the order, decision
 * 0800); `succeeded` only for an intent captured already.
 */
export const testPaymentConfirmAnswerSchema = z.strictObject({ status: z.enum(['requires_capture', 'succeeded']), orderId: z.string() });
export type TestPaymentConfirmAnswer = z.infer<typeof testPaymentConfirmAnswerSchema>;

/** `POST /api/stripe/webhook` answer: the event was recorded (`duplicate` when it had been already). */
export const webhookAnswerSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });

/** One item of an order, with the spec's order item fields (section 3) plus what a reorder needs. */
export const orderItemWireSchema = z.strictObject({
  // The product and the choices of the line, with their labels (PricedLineChoices).
  title: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  size: sizeSchema.nullable(),
  sizeLabel: z.string().nullable(),
  crust: crustSchema.nullable(),
  crustLabel: z.string().nullable(),
  type: wingTypeSchema.nullable(),
  typeLabel: z.string().nullable(),
  id: z.string(),
  description: z.string(),
  /** The chosen toppings, comma-separated. */
  topping: z.string(),
  /** Toppings per unit, pounds. */
  toppingsPrice: z.number(),
  /** Unit price, pounds. */
  price: z.number(),
  /** price × quantity, pounds with two decimals. */
  totalQuantityPrice: z.number(),
  /** The titles of a deal's chosen items. */
  dealItems: z.array(z.string()),
  /**
   * The line's allergens as the menu recorded them when it was ordered (codes of the 14, in their order; [] none);
   * null when some part's were not recorded then, or the order is older than allergens (decision 1004).
   */
  allergens: z.array(z.enum(ALLERGENS)).nullable(),
  /** The cart line as ordered, so the order can be put in the cart again at today's prices. */
  line: cartLineSchema,
});
export type OrderItemWire = z.infer<typeof orderItemWireSchema>;

export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** One status of an order's history: when it was set ('DD/MM/YYYY', 'HH:MM' in London, and the instant). */
export const orderStatusChangeWireSchema = z.strictObject({
  status: orderStatusSchema,
  date: z.string(),
  time: z.string(),
  createdAt: z.string(),
  /** Who set it: the e-mail of the admin (or of the customer for the first status); only in admin answers. */
  changedBy: z.string().nullable().optional(),
  /** Why, when the shop itself set it at the end of the trading day: 'Closed at the end of the day'. */
  note: z.string().optional(),
});
export type OrderStatusChangeWire = z.infer<typeof orderStatusChangeWireSchema>;

/** One order as `GET /api/buy-product/{id}` and the history answer it. */
export const orderWireSchema = z.strictObject({
  _id: z.string(),
  items: z.array(orderItemWireSchema),
  email: z.string(),
  /** 'DD/MM/YYYY' and 'HH:MM' in Europe/London, the server's clock when the order was placed. */
  date: z.string(),
  time: z.string(),
  paymentType: paymentTypeSchema,
  /** Card: pending until the provider says it succeeded; Cash: unpaid (paid on delivery). */
  paymentStatus: paymentStatusSchema,
  status: orderStatusSchema,
  addressId: z.string().nullable(),
  /** The delivery address as it was when the order was placed; a collection's has the name, e-mail and phone only. */
  address: addressWireSchema.omit({ _id: true }),
  note: z.string(),
  /** Delivered or collected (issue 22 point 3). */
  fulfilment: z.enum(FULFILMENTS),
  /** 'Any allergies we should know about?': '' when none. */
  allergyNote: z.string(),
  subtotal: z.number(),
  /** Pounds: the delivery zone's fee (decision 1001), its own line, included in totalPrice; 0 for a collection. */
  deliveryFee: z.number(),
  /** The discounts taken off (a promotion's, the stamp card's), each its own line; [] when none. */
  discounts: z.array(discountWireSchema),
  /** Pounds: the discounts' sum, taken off totalPrice. */
  discount: z.number(),
  /** Pounds: the tip for the driver, included in totalPrice; 0 when none. */
  tip: z.number(),
  /** subtotal + deliveryFee - discount + tip. */
  totalPrice: z.number(),
  /** Sum of the item quantities. */
  quantity: z.number().int(),
  createdAt: z.string(),
  /** When the shop first saw the order (ISO): a cash order at once, a card order once its money is held. */
  placedAt: z.string().nullable(),
  /** When the accepted order is expected (ISO), and the same as 'HH:MM' in Europe/London; null until accepted. */
  expectedAt: z.string().nullable(),
  expectedTime: z.string().nullable(),
  /** The slot the customer ordered ahead for (ISO; 'For Sat 19:30' by scheduledLine); null = as soon as possible. */
  scheduledFor: z.string().nullable(),
  /** Why the order was canceled; null unless it was. */
  cancelReason: z.string().nullable(),
  /** Pounds refunded so far (0 when nothing was). */
  refundedTotal: z.number(),
  /** Every status the order has had, oldest first: the customer's timeline and the admin's history. */
  statusHistory: z.array(orderStatusChangeWireSchema),
  /** How the order reached the shop: 'web', 'guest', 'phone' or 'counter'. */
  channel: z.enum(ORDER_CHANNELS),
  /** Who took a phone or counter order (their name; admin answers only). */
  takenBy: z.string().nullable().optional(),
  /** When the kitchen said the delivery was ready to go (ISO); null until then (staff answers only). */
  readyAt: z.string().nullable().optional(),
  /** The order's refunds, oldest first (admin answers only). */
  refunds: z.array(z.lazy(() => refundWireSchema)).optional(),
  /** The order's tracking page ('/track/{token}'): in the customer's own order only, where its updates are turned on and off. */
  trackingUrl: z.string().nullable().optional(),
  /** The delivery's progress from its run's events (the customer's own order, decision 1702); null when there is none to show. */
  delivery: deliveryProgressSchema.nullable().optional(),
});
export type OrderWire = z.infer<typeof orderWireSchema>;

const readyInMinutesSchema = z
  .number(`readyInMinutes must be a whole number of minutes from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}`)
  .int(`readyInMinutes must be a whole number of minutes from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}`)
  .min(MIN_READY_MINUTES, `readyInMinutes must be a whole number of minutes from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}`)
  .max(MAX_READY_MINUTES, `readyInMinutes must be a whole number of minutes from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}`);

const reasonSchema = z
  .string()
  .trim()
  .min(1, 'The reason cannot be empty')
  .max(MAX_CANCEL_REASON_LENGTH, `The reason is at most ${MAX_CANCEL_REASON_LENGTH} characters`);

/** One refund of a card order. */
export const refundWireSchema = z.strictObject({
  _id: z.string(),
  /** Pounds. */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundWire = z.infer<typeof refundWireSchema>;

/** `POST /api/orders/{id}/refunds` body (admins): pounds, at most what is left to refund, and why. */
export const refundRequestSchema = z.strictObject({
  amount: z.number('amount must be a number of pounds').positive('amount must be more than £0').max(5000, 'amount is at most £5000'),
  reason: reasonSchema,
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
/** Its answer: the refund as recorded, and the order's refunded total and payment status after it. */
export const refundAnswerSchema = z.strictObject({
  refund: refundWireSchema,
  refundedTotal: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/**
 * `PUT /api/update-sell-products/{id}` body: one of the five statuses of SPEC.md section 4 (the server then
 * applies decision 0003's rules: 'Pending Order' is never set again, delivered and canceled orders are final).
 */
export const updateOrderStatusRequestSchema = z
  .strictObject({
    status: orderStatusSchema.optional(),
    /** With 'Approved Order': minutes until it arrives (the shop's quote when absent); alone: re-times an accepted order. */
    readyInMinutes: readyInMinutesSchema.optional(),
    /** With 'Canceled Order': why (a plain reason when absent). */
    reason: reasonSchema.optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.readyInMinutes !== undefined,
    'Send a status, or readyInMinutes to re-time an accepted order',
  )
  .refine((body) => body.reason === undefined || body.status === 'Canceled Order', {
    message: 'A reason goes with status "Canceled Order" only',
    path: ['reason'],
  })
  .refine((body) => body.readyInMinutes === undefined || body.status === undefined || body.status === 'Approved Order', {
    message: 'readyInMinutes goes with status "Approved Order", or alone to re-time an accepted order',
    path: ['readyInMinutes'],
  });
export type UpdateOrderStatusRequest = z.infer<typeof updateOrderStatusRequestSchema>;
/** Its answer: 1 when the status changed, 0 when the order already had it. */
export const updateOrderStatusAnswerSchema = modifiedAnswerSchema;
export type UpdateOrderStatusAnswer = z.infer<typeof updateOrderStatusAnswerSchema>;

/** `GET /api/orders/close-day`: how many orders "Close the day" would close now, and the end of the day it closes. */
export const closeDayPreviewSchema = z.strictObject({ count: z.number().int(), dayEnd: z.string() });
export type CloseDayPreview = z.infer<typeof closeDayPreviewSchema>;

/** `POST /api/orders/close-day`: the accepted orders it completed and the waiting ones it rejected. */
export const closeDayAnswerSchema = z.strictObject({ closed: z.number().int(), rejected: z.number().int() });
export type CloseDayAnswer = z.infer<typeof closeDayAnswerSchema>;

/** One entry of `GET /api/my-product/{email}`: a status change of one of the user's orders, or a shop notice. */
export const customerNotificationWireSchema = z.strictObject({
  _id: z.string(),
  kind: z.enum(['order', 'notice']),
  title: z.string(),
  description: z.string(),
  orderId: z.string().nullable(),
  status: orderStatusSchema.nullable(),
  imageUrl: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  createdAt: z.string(),
});
export type CustomerNotificationWire = z.infer<typeof customerNotificationWireSchema>;

/**
 * `GET /api/opening-status`: whether the shop takes an order now, on the shop's clock (domain/opening-hours.ts), and
 * the kitchen's state (domain/kitchen.ts openingStatus, decision 0901): the quote, busy mode, a pause, the first
 * slot to order ahead for. Also the answer of `PUT /api/shop-status` and the `shop_status` socket event's payload.
 */
export const orderingStatusSchema: z.ZodType<OpeningStatus> = z.strictObject({
  open: z.boolean(),
  acceptingOrders: z.boolean(),
  message: z.string(),
  opensAt: z.string().optional(),
  /** 'today', 'tomorrow', 'on Friday', 'on Friday 25 December'. */
  opensDay: z.string().optional(),
  closesAt: z.string().optional(),
  ordersCloseAt: z.string().optional(),
  closedReason: z.enum(['hours', 'paused']).nullable(),
  quoteMinutes: z.number().int(),
  quoteReadyAt: z.string(),
  collectionQuoteMinutes: z.number().int(),
  busy: z.strictObject({ extraMinutes: z.number().int(), until: z.string().nullable() }).nullable(),
  pausedUntil: z.string().nullable(),
  nextSlotAt: z.string().nullable(),
  /** The next special day within a fortnight ('Closed on Friday 25 December'), or null (decision 1400). */
  specialDay: z.string().nullable(),
});
export type OpeningStatusWire = z.infer<typeof orderingStatusSchema>;

export const ORDERS_PAGE_MESSAGE = 'page must be a whole number from 1';

/** The admin list's orders: `newest` placed first (the default), or `due`: the kitchen's work by when it is due. */
export const SHOP_ORDER_SORTS = ['newest', 'due'] as const;
export type ShopOrderSort = (typeof SHOP_ORDER_SORTS)[number];

/**
 * `GET /api/buy-product?status=&period=&sort=&page=` (admins): optional status and period filters (period: today,
 * lastDay, lastWeek, lastMonth in Europe/London), the order (SHOP_ORDER_SORTS) and a 1-based page (of ORDERS_PAGE_SIZE).
 */
export const shopOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  period: orderPeriodSchema.optional(),
  sort: z.enum(SHOP_ORDER_SORTS, 'sort must be newest or due').default('newest'),
  page: z.coerce.number(ORDERS_PAGE_MESSAGE).int(ORDERS_PAGE_MESSAGE).min(1, ORDERS_PAGE_MESSAGE).max(1_000_000).default(1),
});
