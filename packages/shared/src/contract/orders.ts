/**
 * Orders and payments on the wire (SPEC.md sections 3 and 7). The server prices every order itself from
 * the cart lines; a client's `date`, `time` and `status` are accepted for compatibility and replaced by
 * the server's, and a client `price` is only checked, never charged. Items are cart lines or the spec's own
 * order items (`spec-order-items.ts`), whose `totalQuantityPrice` and `toppingsPrice` are ignored.
 */
import { z } from 'zod';
import { orderStatusSchema, type OrderStatus } from '../domain/order-status';
import { CASH_ON_DELIVERY, type PaymentStatus, type PaymentType } from '../domain/payment-types';
import type { PricedLineChoices } from '../domain/pricing';
import type { AddressWire } from './addresses';
import { EMAIL_TEXT_MAX_LENGTH } from './auth';
import { MAX_CART_LINES, objectIdSchema, type CartLine } from './cart';
import { orderItemSchema, orderItemsSchema } from './spec-order-items';

export const MAX_NOTE_LENGTH = 500;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII, as Stripe accepts for its own idempotency keys. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/, 'Idempotency-Key must be 8 to 255 printable characters');

/** An order's `email`, when sent, must be the signed-in user's own (checked by the route); no longer than an e-mail field. */
const orderEmailSchema = z.string().max(EMAIL_TEXT_MAX_LENGTH, 'The email is not a valid email address').optional();

const noteSchema = z.string().max(MAX_NOTE_LENGTH, `The note is at most ${MAX_NOTE_LENGTH} characters`).default('');

/** `POST /api/buy-product` body (cash orders; card orders start at `POST /api/create-payment-intent`). */
export const buyProductRequestSchema = z.strictObject({
  /** Cart lines, or order items as SPEC.md section 3 writes them (mixed if need be). */
  items: orderItemsSchema,
  /** When sent it must be the signed-in user's own e-mail. */
  email: orderEmailSchema,
  /** Ignored: the server records its own date and time (Europe/London). */
  date: z.string().max(40).optional(),
  time: z.string().max(40).optional(),
  paymentType: z.enum(['Cash', CASH_ON_DELIVERY, 'Card']),
  /** Only 'Pending Order' may be sent: every order starts there. */
  status: z.literal('Pending Order').optional(),
  addressId: objectIdSchema.nullable().optional(),
  note: noteSchema,
});
export type BuyProductRequest = z.input<typeof buyProductRequestSchema>;

/**
 * The spec's `POST /create-payment-intent` sends `{price}` alone; the server opens a payment only for an order it
 * priced itself (decisions 0400 and 0601), so the items are required and a missing list says so.
 */
export const CARD_ORDER_NEEDS_ITEMS =
  'Send the order with its items and addressId: the server prices card orders itself and cannot open a payment for a price alone';

/** `POST /api/create-payment-intent` body: the cart, the address and the note; `price` (pounds) is only checked. */
export const createPaymentIntentRequestSchema = z.strictObject({
  items: z
    .array(orderItemSchema, { error: (issue) => (issue.input === undefined ? CARD_ORDER_NEEDS_ITEMS : undefined) })
    .max(MAX_CART_LINES),
  addressId: objectIdSchema.nullable().optional(),
  note: noteSchema,
  price: z.number().nonnegative().optional(),
  email: orderEmailSchema,
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export type PaymentProviderKind = 'stripe' | 'test';

/** `POST /api/create-payment-intent` answer. */
export type CreatePaymentIntentAnswer = {
  clientSecret: string;
  orderId: string;
  provider: PaymentProviderKind;
  /** Stripe's publishable key; null in test mode. */
  publishableKey: string | null;
  testMode: boolean;
  /** The amount to be charged, in pounds. */
  amount: number;
};

/**
 * `GET /api/payment-config` answer. `cardPayments` false: the shop takes cash on delivery only (PAYMENTS=cash-only),
 * so the storefront offers no card payment and `POST /api/create-payment-intent` answers 422 CARD_PAYMENTS_OFF.
 */
export type PaymentConfig = {
  cardPayments: boolean;
  provider: PaymentProviderKind | null;
  publishableKey: string | null;
  testMode: boolean;
};

/** `POST /api/test-payments/confirm` body (offline test provider only). */
export const testPaymentConfirmSchema = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().max(40),
  exp: z.string().max(10),
  cvc: z.string().max(10),
});
export type TestPaymentConfirm = z.infer<typeof testPaymentConfirmSchema>;
export type TestPaymentConfirmAnswer = { status: 'succeeded'; orderId: string };

/** One item of an order, with the spec's order item fields (section 3) plus what a reorder needs. */
export type OrderItemWire = PricedLineChoices & {
  id: string;
  description: string;
  /** The chosen toppings, comma-separated. */
  topping: string;
  /** Toppings per unit, pounds. */
  toppingsPrice: number;
  /** Unit price, pounds. */
  price: number;
  /** price × quantity, pounds with two decimals. */
  totalQuantityPrice: number;
  /** The titles of a deal's chosen items. */
  dealItems: string[];
  /** The cart line as ordered, so the order can be put in the cart again at today's prices. */
  line: CartLine;
};

/** One order as `GET /api/buy-product/{id}` and the history answer it. */
export type OrderWire = {
  _id: string;
  items: OrderItemWire[];
  email: string;
  /** 'DD/MM/YYYY' and 'HH:MM' in Europe/London, the server's clock when the order was placed. */
  date: string;
  time: string;
  paymentType: PaymentType;
  /** Card: pending until the provider says it succeeded; Cash: unpaid (paid on delivery). */
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  addressId: string | null;
  /** The delivery address as it was when the order was placed. */
  address: Omit<AddressWire, '_id'>;
  note: string;
  subtotal: number;
  totalPrice: number;
  /** Sum of the item quantities. */
  quantity: number;
  createdAt: string;
  /** Every status the order has had, oldest first: the customer's timeline and the admin's history. */
  statusHistory: OrderStatusChangeWire[];
};

/** One status of an order's history: when it was set ('DD/MM/YYYY', 'HH:MM' in London, and the instant). */
export type OrderStatusChangeWire = {
  status: OrderStatus;
  date: string;
  time: string;
  createdAt: string;
  /** Who set it: the e-mail of the admin (or of the customer for the first status); only in admin answers. */
  changedBy?: string | null;
};

/**
 * `PUT /api/update-sell-products/{id}` body: one of the five statuses of SPEC.md section 4 (the server then
 * applies decision 0003's rules: 'Pending Order' is never set again, delivered and canceled orders are final).
 */
export const updateOrderStatusRequestSchema = z.strictObject({ status: orderStatusSchema });
export type UpdateOrderStatusRequest = z.infer<typeof updateOrderStatusRequestSchema>;
/** Its answer: 1 when the status changed, 0 when the order already had it. */
export type UpdateOrderStatusAnswer = { modifiedCount: number };

/** One entry of `GET /api/my-product/{email}`: a status change of one of the user's orders, or a shop notice. */
export type CustomerNotificationWire = {
  _id: string;
  kind: 'order' | 'notice';
  title: string;
  description: string;
  orderId: string | null;
  status: OrderStatus | null;
  imageUrl: string | null;
  date: string;
  time: string;
  createdAt: string;
};
