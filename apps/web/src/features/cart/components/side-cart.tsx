import { lazy, Suspense } from 'react';
import { BREAKPOINTS } from '../../../lib/breakpoints';
import { useMinWidth } from './use-min-width';

const CartPanel = lazy(() => import('./cart-panel').then((m) => ({ default: m.CartPanel })));
const CartDeliveryNote = lazy(() => import('./cart-delivery-note').then((m) => ({ default: m.CartDeliveryNote })));

/**
 * The side cart beside the grid from md up. Below md it is neither drawn nor downloaded: the basket bar
 * (basket-bar.tsx), /cart and the small-screen menu's Cart link take its place.
 */
export function SideCart() {
  const wide = useMinWidth(BREAKPOINTS.md);
  if (!wide) return null;
  // A static class (styles/storefront.css): the side cart is beside the menu's first screen.
  return (
    <aside aria-label="Side cart" className="side-cart">
      <Suspense fallback={null}>
        <CartPanel />
        {/* What delivery may add, before checkout. */}
        <CartDeliveryNote />
      </Suspense>
    </aside>
  );
}
