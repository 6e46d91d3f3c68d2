import { cartDeliveryNote } from '@shop/shared/domain/delivery-fee-range';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import { useCart } from '../../../lib/cart-store';
import { useCartQuote } from '../../../lib/use-cart-quote';

/**
 * Under the cart, before checkout: what delivery may add, from the server's quote ('Delivery from £0.00 to £3.50 by
 * area, shown at checkout; free to collect'), so no fee appears for the first time at payment. Nothing while the cart
 * is empty or the shop has no zones (every post code delivered free).
 */
export function CartDeliveryNote() {
  const cart = useCart();
  const quote = useCartQuote();
  const fees = quote.data?.deliveryFees;
  if (cart.entries.length === 0 || !fees) return null;
  const range = { from: poundsToPence(fees.from) ?? 0, to: poundsToPence(fees.to) ?? 0 };
  const note = cartDeliveryNote(range, formatPounds);
  if (!note) return null;
  return (
    <p role="note" aria-label="Delivery fee" className="ui-body2 ui-muted cart-delivery-note">
      {note}
    </p>
  );
}
