import { toDiscountWire } from '@shop/shared/contract/order-extras';
import type { CartLine } from '@shop/shared/contract/cart';
import type { OrderItemWire, OrderStatusChangeWire, OrderWire, RefundWire } from '@shop/shared/contract/orders';
import type { TrackAnswer } from '@shop/shared/contract/staff-orders';
import { storedOrderItemsSchema, type StoredOrderItem } from '@shop/shared/contract/stored-order-items';
import { combineAllergens } from '@shop/shared/domain/allergens';
import { CLOSED_AT_END_OF_DAY } from '@shop/shared/domain/kitchen';
import { shopDateTime } from '@shop/shared/domain/dates';
import { penceToPounds } from '@shop/shared/domain/money';
import { expectedTimeText } from '@shop/shared/domain/order-promise';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { PricedLine } from '@shop/shared/domain/pricing';
import type { VatRate } from '@shop/shared/domain/vat';
import type { orders, refunds } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** One order line as stored in `orders.items` (jsonb): exactly what was charged, in pence, and the line as sent. */
export type { StoredOrderItem };

/** An order row's items, read through the stored shape's schema (which also reads rows older code wrote). */
export function readStoredItems(row: Pick<OrderRow, 'id' | 'items'>): StoredOrderItem[] {
  const parsed = storedOrderItemsSchema.safeParse(row.items);
  // A row the schema cannot read is the server's fault, not the request's: a 500 naming the order, not a 400.
  if (!parsed.success) throw new Error(`Order ${row.id}: its stored items cannot be read: ${parsed.error.message}`);
  return parsed.data;
}

/** A priced line as stored, with the product's VAT rate when it was ordered (decision 1002). */
export function toStoredItem(priced: PricedLine, line: CartLine, description: string, vatRate?: VatRate): StoredOrderItem {
  return {
    productId: priced.productId,
    title: priced.title,
    description,
    category: priced.category,
    quantity: priced.quantity,
    size: priced.size,
    sizeLabel: priced.sizeLabel,
    crust: priced.crust,
    crustLabel: priced.crustLabel,
    type: priced.type,
    typeLabel: priced.typeLabel,
    toopingNames: priced.toopingNames,
    toppingsPrice: priced.toppingsPrice,
    unitPrice: priced.unitPrice,
    lineTotal: priced.lineTotal,
    dealItems: priced.dealItemTitles,
    ...(vatRate ? { vatRate } : {}),
    // What the line contains as the menu said when it was ordered: the receipt lists it (decision 1003).
    allergens: priced.allergens,
    line,
  };
}

export function toOrderItemWire(item: StoredOrderItem): OrderItemWire {
  return {
    id: item.productId,
    title: item.title,
    description: item.description,
    category: item.category,
    quantity: item.quantity,
    size: item.size,
    sizeLabel: item.sizeLabel,
    crust: item.crust,
    crustLabel: item.crustLabel,
    type: item.type,
    typeLabel: item.typeLabel,
    topping: item.toopingNames,
    toppingsPrice: penceToPounds(item.toppingsPrice),
    price: penceToPounds(item.unitPrice),
    totalQuantityPrice: penceToPounds(item.lineTotal),
    dealItems: item.dealItems,
    // As the menu recorded them when it was ordered; null when not recorded then, or stored before allergens (1004).
    allergens: item.allergens == null ? null : combineAllergens(item.allergens),
    line: item.line,
  };
}

/** One row of an order's status history, with the e-mail of whoever set it (null once that account is gone). */
export interface StatusChangeRow {
  orderId: string;
  status: OrderStatus;
  changedAt: Date;
  changedByEmail: string | null;
  /** The account that set it; null when the shop itself did (or the account is gone). */
  changedBy?: string | null;
}

/**
 * The end of the day is the one change that completes an order as the shop itself (the history's changedBy null on
 * Delivered: the timers accept and reject, never deliver), so its entry is read back with its words.
 */
function closedAtEndOfDay(row: StatusChangeRow): boolean {
  return row.status === 'Delivered Order' && row.changedBy === null;
}

/** Who set a status is staff business: `changedBy` is in admin answers only, and absent from a customer's. */
export function toStatusChangeWire(row: StatusChangeRow, forAdmin: boolean): OrderStatusChangeWire {
  return {
    status: row.status,
    ...shopDateTime(row.changedAt),
    createdAt: row.changedAt.toISOString(),
    ...(forAdmin ? { changedBy: row.changedByEmail } : {}),
    ...(closedAtEndOfDay(row) ? { note: CLOSED_AT_END_OF_DAY } : {}),
  };
}

/**
 * An order as its tracking page shows it (`GET /api/track/{token}`): its status, lines, totals and times, and nothing
 * of who placed it or where it goes.
 */
export function toTrackWire(row: OrderRow, statusHistory: OrderStatusChangeWire[]): TrackAnswer {
  const wire = toOrderWire(row, statusHistory);
  return {
    _id: wire._id,
    items: wire.items,
    date: wire.date,
    time: wire.time,
    paymentType: wire.paymentType,
    paymentStatus: wire.paymentStatus,
    status: wire.status,
    fulfilment: wire.fulfilment,
    subtotal: wire.subtotal,
    deliveryFee: wire.deliveryFee,
    discounts: wire.discounts,
    discount: wire.discount,
    tip: wire.tip,
    totalPrice: wire.totalPrice,
    quantity: wire.quantity,
    createdAt: wire.createdAt,
    placedAt: wire.placedAt,
    expectedAt: wire.expectedAt,
    expectedTime: wire.expectedTime,
    scheduledFor: wire.scheduledFor,
    cancelReason: wire.cancelReason,
    refundedTotal: wire.refundedTotal,
    statusHistory: wire.statusHistory,
    channel: wire.channel,
    awaitingPayment:
      row.placedAt === null &&
      row.paymentType === 'Card' &&
      (row.paymentStatus === 'pending' || row.paymentStatus === 'failed') &&
      row.status === 'Pending Order',
    // The tracking route adds the delivery's progress (app.deliveryProgress).
    delivery: null,
  };
}

/**
 * The one place an order row becomes its wire shape (the spec's field names plus totals in pounds), with its
 * status history oldest first, and for staff its refunds, who took it and when it was ready (absent from a customer's).
 */
export function toOrderWire(
  row: OrderRow,
  statusHistory: OrderStatusChangeWire[],
  /** What staff answers add: the refunds, and who took a phone or counter order (absent from a customer's). */
  staff?: { refunds: RefundWire[]; takenBy: string | null },
): OrderWire {
  const items = readStoredItems(row).map(toOrderItemWire);
  const { email, ...address } = row.address;
  return {
    _id: row.id,
    items,
    email: row.email,
    date: row.date,
    time: row.time,
    paymentType: row.paymentType,
    paymentStatus: row.paymentStatus,
    status: row.status,
    addressId: row.addressId,
    address: { ...address, Email: email },
    note: row.note,
    fulfilment: row.fulfilment,
    allergyNote: row.allergyNote,
    subtotal: penceToPounds(row.subtotal),
    deliveryFee: penceToPounds(row.deliveryFee),
    discounts: row.discounts.map(toDiscountWire),
    discount: penceToPounds(row.discount),
    tip: penceToPounds(row.tip),
    totalPrice: penceToPounds(row.total),
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    createdAt: row.createdAt.toISOString(),
    placedAt: row.placedAt?.toISOString() ?? null,
    expectedAt: row.expectedAt?.toISOString() ?? null,
    expectedTime: row.expectedAt ? expectedTimeText(row.expectedAt) : null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    refundedTotal: penceToPounds(row.refundedTotal),
    statusHistory,
    channel: row.channel,
    ...(staff ? { takenBy: staff.takenBy, refunds: staff.refunds, readyAt: row.readyAt?.toISOString() ?? null } : {}),
  };
}

/** A refund as the wire carries it (the payments module writes them; admin answers carry them). */
export function toRefundWire(row: typeof refunds.$inferSelect): RefundWire {
  return {
    _id: row.id,
    amount: penceToPounds(row.amount),
    reason: row.reason,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}
