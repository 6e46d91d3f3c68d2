import type { CartLine } from '@shop/shared/contract/cart';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { PaymentStatus, PaymentType } from '@shop/shared/domain/payment-types';
import { PricingError, quoteCart } from '@shop/shared/domain/pricing';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { orders, orderStatusHistory, type AddressSnapshot } from '../../db/schema';
import { loadOrderCatalogue } from '../pricing/public';
import { toStoredItem } from './wire';

/** An order as it would have been placed at `createdAt`, with the status changes that followed. */
export interface PastOrder {
  userId: string;
  email: string;
  addressId: string;
  address: AddressSnapshot;
  lines: CartLine[];
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  note: string;
  createdAt: Date;
  /** Oldest first, starting with 'Pending Order' (empty for a card order that was never paid). */
  history: Array<{ status: OrderStatus; at: Date; by: string | null }>;
}

/**
 * Writes an order placed in the past, priced from today's menu by the same pricing as checkout (so totals are
 * what the shop would charge), for the demo data (`npm run demo`). Returns null when the lines do not make an
 * order the shop would take (a pricing refusal or under the minimum), so a generator can pick again.
 */
export async function writePastOrder(db: Db, order: PastOrder): Promise<string | null> {
  const catalogue = await loadOrderCatalogue(db);
  let quote;
  try {
    quote = quoteCart(order.lines, catalogue.pricing);
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
  if (quote.lines.length === 0 || !quote.meetsMinimum) return null;
  const items = quote.lines.map((priced, index) =>
    toStoredItem(
      priced,
      order.lines[index] as CartLine,
      catalogue.descriptions.get(priced.productId) ?? '',
      catalogue.vatRates.get(priced.productId),
    ),
  );
  const id = newId(order.createdAt);
  const { date, time } = shopDateTime(order.createdAt);
  const last = order.history.at(-1);
  await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      id,
      userId: order.userId,
      email: order.email,
      items: items as unknown as Record<string, unknown>[],
      subtotal: quote.subtotal,
      total: quote.total,
      paymentType: order.paymentType,
      paymentStatus: order.paymentStatus,
      status: last?.status ?? 'Pending Order',
      addressId: order.addressId,
      address: order.address,
      note: order.note,
      date,
      time,
      createdAt: order.createdAt,
      // The shop saw it when it was placed: a card order never paid (declined, abandoned) has no history and never was.
      placedAt: order.history.length > 0 ? order.createdAt : null,
      updatedAt: last?.at ?? null,
    });
    if (order.history.length > 0) {
      await tx
        .insert(orderStatusHistory)
        .values(order.history.map((change) => ({ orderId: id, status: change.status, changedBy: change.by, changedAt: change.at })));
    }
  });
  return id;
}
