/**
 * Orders from everyone (decision 1500): the staff's New order for a caller or a walk-in, the caller found by their
 * phone number, and the tracking page a guest (or anyone with its link) follows an order on.
 */
import { z } from 'zod';
import { COUNTER_TENDERS, STAFF_CHANNELS, STAFF_PAYMENTS } from '../domain/order-channel';
import { FULFILMENTS } from '../domain/fulfilment';
import { addressWireSchema, phoneSchema } from './addresses';
import { cartLineSchema, objectIdSchema } from './cart';
import { callerSchema, orderAddressSchema } from './guest';
import { orderStatusSchema } from '../domain/order-status';
import { createPaymentIntentAnswerSchema, orderWireSchema } from './orders';
import { orderItemsSchema } from './spec-order-items';
import { promoCodeSchema } from './order-extras';
import { deliveryProgressSchema } from './dispatch';

/** `GET /api/staff/customers?phone=`: any UK spelling of the number. */
export const staffCustomerQuerySchema = z.strictObject({ phone: phoneSchema });

/** One of a caller's recent orders, as New order lists it to repeat. */
export const callerOrderSchema = z.strictObject({
  _id: z.string(),
  createdAt: z.string(),
  /** 'DD/MM/YYYY' and 'HH:MM' in London. */
  date: z.string(),
  time: z.string(),
  status: orderStatusSchema,
  fulfilment: z.enum(FULFILMENTS),
  /** Pounds. */
  totalPrice: z.number(),
  /** '2 × Margherita (Large), Coke' */
  summary: z.string(),
  /** The lines as ordered, to put in New order's basket again at today's prices. */
  lines: z.array(cartLineSchema),
  /** The saved address it went to (an account's), when it still exists. */
  addressId: z.string().nullable(),
  /** The address it went to, as typed then (a delivery); null for a collection. */
  address: addressWireSchema.omit({ _id: true }).nullable(),
});
export type CallerOrder = z.infer<typeof callerOrderSchema>;

/** A customer the number belongs to: an account, or a caller known only by earlier orders (userId null). */
export const staffCustomerSchema = z.strictObject({
  userId: z.string().nullable(),
  name: z.string(),
  /** E.164, as stored. */
  phone: z.string(),
  email: z.string().nullable(),
  /** An account's saved addresses ([] for a caller without one). */
  addresses: z.array(addressWireSchema),
  /** Newest first, at most five. */
  lastOrders: z.array(callerOrderSchema),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const staffCustomersAnswerSchema = z.strictObject({ customers: z.array(staffCustomerSchema) });
export type StaffCustomersAnswer = z.infer<typeof staffCustomersAnswerSchema>;

export const LINK_NEEDS_EMAIL = 'A payment link by e-mail needs the customer’s e-mail';
export const TENDER_ONLY_AT_COUNTER = 'tender is only for an order paid at the counter';
export const STAFF_DELIVERY_NEEDS_ADDRESS = 'A delivery needs an address: addressId (one of the customer’s) or address';
export const STAFF_ONE_ADDRESS = 'Send addressId or address, not both';
export const STAFF_COLLECTION_NO_ADDRESS = 'A collection order has no delivery address';

/** `POST /api/staff/orders` body. */
export const staffOrderRequestSchema = z
  .strictObject({
    channel: z.enum(STAFF_CHANNELS, 'channel must be phone or counter'),
    customer: callerSchema,
    /** The caller's account, when the lookup found one (the order joins its history); an addressId implies it. */
    accountId: objectIdSchema.optional(),
    /** The account's address, when the caller has an account (found by their number). */
    addressId: objectIdSchema.optional(),
    address: orderAddressSchema.optional(),
    fulfilment: z.enum(FULFILMENTS, 'fulfilment must be delivery or collection'),
    items: orderItemsSchema,
    /** One of the free slots (ISO); absent or null = as soon as possible. */
    scheduledFor: z.iso.datetime({ offset: true, message: 'scheduledFor must be a date and time, or null' }).nullable().optional(),
    payment: z.enum(STAFF_PAYMENTS, 'payment must be cash, paid-at-counter or payment-link'),
    /** With paid-at-counter: the till's cash (the default) or the card terminal. */
    tender: z.enum(COUNTER_TENDERS, 'tender must be cash or card').optional(),
    /** With payment-link: where the link goes (e-mail when the customer gave one, else a text message). */
    sendLinkBy: z.enum(['email', 'sms'], 'sendLinkBy must be email or sms').optional(),
    note: z.string().max(500, 'The note is at most 500 characters').default(''),
    allergyNote: z.string().trim().max(300, 'The allergy note is at most 300 characters').default(''),
    /** A promotion's code the caller gives; one that does not apply refuses the order (422 PROMO_NOT_APPLICABLE). */
    promoCode: promoCodeSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.fulfilment === 'delivery') {
      if (!body.addressId && !body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: STAFF_DELIVERY_NEEDS_ADDRESS });
      if (body.addressId && body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: STAFF_ONE_ADDRESS });
    } else if (body.addressId || body.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: STAFF_COLLECTION_NO_ADDRESS });
    }
    if (body.tender && body.payment !== 'paid-at-counter')
      ctx.addIssue({ code: 'custom', path: ['tender'], message: TENDER_ONLY_AT_COUNTER });
    const linkBy = body.sendLinkBy ?? (body.customer.email ? 'email' : 'sms');
    if (body.payment === 'payment-link' && linkBy === 'email' && !body.customer.email)
      ctx.addIssue({ code: 'custom', path: ['customer', 'email'], message: LINK_NEEDS_EMAIL });
  });
export type StaffOrderRequest = z.input<typeof staffOrderRequestSchema>;
export type StaffOrderInput = z.output<typeof staffOrderRequestSchema>;

/** Its answer (201): the order, its tracking page, and for a payment link where it was sent. */
export const staffOrderAnswerSchema = z.strictObject({
  insertedId: z.string(),
  trackingUrl: z.string(),
  /** The page the customer pays on (a payment link); null otherwise. */
  paymentUrl: z.string().nullable(),
  /** Where the link went ('E-mailed to ada@example.com', 'Texted to 07700 900123'); null when none was sent. */
  linkSentTo: z.string().nullable(),
  /** Why the link could not be sent (the order stands: read the link to the caller); null otherwise. */
  linkError: z.string().nullable(),
});
export type StaffOrderAnswer = z.infer<typeof staffOrderAnswerSchema>;

/** `GET /api/track/{token}`: the order's status, lines, totals and times, and nothing of who placed it. */
export const trackAnswerSchema = orderWireSchema
  .pick({
    _id: true,
    items: true,
    date: true,
    time: true,
    paymentType: true,
    paymentStatus: true,
    status: true,
    fulfilment: true,
    subtotal: true,
    deliveryFee: true,
    discounts: true,
    discount: true,
    tip: true,
    totalPrice: true,
    quantity: true,
    createdAt: true,
    placedAt: true,
    expectedAt: true,
    expectedTime: true,
    scheduledFor: true,
    cancelReason: true,
    refundedTotal: true,
    statusHistory: true,
    channel: true,
  })
  .extend({
    /** The card payment this page takes (a payment link's order, or a guest's card order not paid yet). */
    awaitingPayment: z.boolean(),
    /** The delivery's progress from its run's events (decision 1702); null for a collection or before it is accepted. */
    delivery: deliveryProgressSchema.nullable(),
  });
export type TrackAnswer = z.infer<typeof trackAnswerSchema>;

/** `GET /api/track/{token}/payment`: what the card form needs to pay an order waiting for its payment. */
export const trackPaymentAnswerSchema = createPaymentIntentAnswerSchema.omit({ trackingUrl: true });
export type TrackPaymentAnswer = z.infer<typeof trackPaymentAnswerSchema>;

export const trackParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'No order has this tracking link'),
});
