import { lazy, Suspense } from 'react';
import { BREAKPOINTS } from '../../../lib/breakpoints';
import { useCart } from '../../../lib/cart-store';
import { useHydrating } from '../../../lib/hydration';
import { useMinWidth } from './use-min-width';

const BasketBarContent = lazy(() => import('./basket-bar-content').then((m) => ({ default: m.BasketBarContent })));

/**
 * The basket bar at the foot of a phone's menu, where the side cart is not beside it: the cart's count and total,
 * and Checkout. The cart lives in this browser, so the server draws nothing here and neither does the hydration that
 * matches it; the bar comes after, fixed over the page (nothing moves), and only with something in the cart. Its
 * prices load then, as the side cart's do (decision 1103: the menu's first download carries only this).
 */
export function BasketBar() {
  const hydrating = useHydrating();
  const { count } = useCart();
  const wide = useMinWidth(BREAKPOINTS.md);
  if (hydrating || wide || count === 0) return null;
  return (
    <Suspense fallback={null}>
      <BasketBarContent />
    </Suspense>
  );
}
