import { MIN_ORDER_PENCE } from '@shop/shared/domain/money';
import { paths } from '../../../lib/paths';

export type CheckoutStep = { kind: 'refuse'; reason: 'minimum' | 'prices' } | { kind: 'pay'; to: typeof paths.payment };

/**
 * Where Checkout goes (SPEC.md section 5): below £10.00 nowhere ('Minimum order amount is £10.00'); otherwise to
 * /payment, for a visitor too: the payment page offers them Sign in or Continue as guest (decision 1502).
 * Without a confirmed price (the server refused a line) nowhere either. `minimumPence`: the quote's (the lower of the
 * owner's two minimums, decision 1400), the spec's £10 until it has answered.
 */
export function checkoutStep(totalPence: number | null, minimumPence: number = MIN_ORDER_PENCE): CheckoutStep {
  if (totalPence === null) return { kind: 'refuse', reason: 'prices' };
  if (totalPence < minimumPence) return { kind: 'refuse', reason: 'minimum' };
  return { kind: 'pay', to: paths.payment };
}
