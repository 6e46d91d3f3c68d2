import { wirePricePence } from '@shop/shared/domain/money';
import type { MenuProduct } from '../../../lib/menu-types';

/** The lowest size price a customer can pay for the product, in pence; null when nothing is priced. */
export function fromPricePence(
  product: Pick<MenuProduct, 'regularDiscount' | 'mediumDiscount' | 'largeDiscount' | 'extraLargeDiscount'>,
): number | null {
  const prices = [product.regularDiscount, product.mediumDiscount, product.largeDiscount, product.extraLargeDiscount]
    .map(wirePricePence)
    .filter((pence): pence is number => pence !== null && pence > 0);
  return prices.length > 0 ? Math.min(...prices) : null;
}
