import { formatPounds } from '@shop/shared/domain/money';
import { useCartCheckout } from './use-cart-checkout';

/** The basket bar's inside (basket-bar.tsx): one button, the whole width of a phone, that checks out as the side cart's does. */
export function BasketBarContent() {
  const { cart, view, checkout } = useCartCheckout();
  const items = cart.count === 1 ? '1 item' : `${cart.count} items`;
  const total = view.total !== null ? formatPounds(view.total) : '…';
  // Static classes (styles/storefront.css): a fixed bar, so showing it moves nothing on the page.
  return (
    <div role="region" aria-label="Basket" className="basket-bar">
      <button type="button" className="basket-bar-button" onClick={checkout}>
        {/* The spaces between the parts make the button's name read '3 items £28.97 Checkout'. */}
        <span className="basket-bar-count">{items}</span>{' '}
        <span className="basket-bar-total" data-testid="basket-bar-total" data-confirmed={view.confirmed ? 'true' : 'false'}>
          {total}
        </span>{' '}
        <span className="basket-bar-action">Checkout</span>
      </button>
    </div>
  );
}
