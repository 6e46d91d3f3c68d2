import { formatToppingPrice } from '@shop/shared/domain/money';

/** An add-on's price beside its name: nothing when free, '+50p' under £1, '+£2.00' from £1. */
export function addOnText(pence: number): string | undefined {
  return pence > 0 ? `+${formatToppingPrice(pence)}` : undefined;
}
