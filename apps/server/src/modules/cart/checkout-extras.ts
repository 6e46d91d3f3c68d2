import type { PromoOutcome } from '@shop/shared/contract/order-extras';
import { TIP_ONLY_FOR_DELIVERY } from '@shop/shared/contract/order-extras';
import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import { capLines } from '@shop/shared/domain/promotions';
import { HttpError } from '../../http-errors';
import { stampCardDiscount } from '../loyalty/public';
import { promotionDiscounts, type DiscountContext } from '../promotions/public';

/** What a checkout's extras ask for: a code, the stamp card's reward, a tip (pence). */
export interface CheckoutExtrasInput {
  promoCode?: string | null | undefined;
  redeemStamps?: boolean | undefined;
  tip?: number | undefined;
}

export interface CheckoutExtras {
  discounts: OrderDiscount[];
  /** Pence. */
  tip: number;
  promo: PromoOutcome | null;
}

/**
 * The one place an order's discounts and tip are decided, for the cart quote and for placement alike: the
 * automatic offers and the code (promotions), then the stamp card's reward (loyalty), then the tip (a delivery's
 * only). The quote reports a code that does not apply; placement refuses it (422 PROMO_NOT_APPLICABLE).
 */
export async function checkoutExtras(ctx: DiscountContext, input: CheckoutExtrasInput): Promise<CheckoutExtras> {
  const promotions = await promotionDiscounts(ctx, input.promoCode ?? null);
  if (ctx.placing && promotions.promo && !promotions.promo.applied)
    throw new HttpError('PROMO_NOT_APPLICABLE', promotions.promo.reason ?? 'This code does not apply to this order');
  const stamps = await stampCardDiscount(ctx, input.redeemStamps ?? false);
  const tip = input.tip ?? 0;
  if (tip > 0 && ctx.fulfilment === 'collection') throw new HttpError('VALIDATION_FAILED', `tip: ${TIP_ONLY_FOR_DELIVERY}`);
  // Together the discounts never come to more than the food and the fee (the orders table's CHECK): the last is cut.
  const discounts = capLines([...promotions.discounts, ...(stamps ? [stamps] : [])], ctx.quote.total + ctx.deliveryFee);
  return { discounts: discounts.filter((line) => line.amount > 0 || line.source === 'promotion'), tip, promo: promotions.promo };
}
