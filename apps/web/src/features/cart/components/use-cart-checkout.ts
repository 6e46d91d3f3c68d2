import { useNavigate } from 'react-router';
import { isPricingErrorCode } from '@shop/shared/contract/error-codes';
import { minimumOrderMessage } from '@shop/shared/domain/minimum-order';
import { MIN_ORDER_PENCE } from '@shop/shared/domain/money';
import { ApiError } from '../../../lib/api';
import { useCart } from '../../../lib/cart-store';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import { showToast } from '../../../lib/toast';
import { useCartQuote } from '../../../lib/use-cart-quote';
import { cartView, localQuote } from '../lib/cart-view';
import { checkoutStep } from '../lib/checkout-target';

function serverProblem(error: unknown): { message: string; lineIndex: number | null } | null {
  if (!error) return null;
  // A line the shop cannot price (a pricing code) or with something sold out: the answer names the line, so the
  // message goes under it.
  if (error instanceof ApiError && (isPricingErrorCode(error.code) || error.code === 'ITEM_SOLD_OUT')) {
    const { lineIndex } = error.body as { lineIndex?: unknown };
    return { message: error.message, lineIndex: typeof lineIndex === 'number' ? lineIndex : null };
  }
  if (error instanceof ApiError) return { message: error.message, lineIndex: null };
  return { message: error instanceof Error ? error.message : 'The prices could not be checked.', lineIndex: null };
}

/**
 * The cart as the side cart, /cart and the basket bar show it (one view, one total: the server's quote once it has
 * confirmed these lines, the local prices meanwhile) and Checkout, which each of them does the same way: below the
 * minimum or without a confirmed price a warning says why; otherwise to /payment (a visitor chooses there: sign in, or
 * continue as a guest).
 */
export function useCartCheckout() {
  const cart = useCart();
  const navigate = useNavigate();
  const menu = useMenuCatalogue();
  const quote = useCartQuote();
  const local = localQuote(cart.entries, menu.catalogue, menu.ready);
  const current = !quote.isPlaceholderData && !quote.isFetching;
  const view = cartView(cart.entries, local, { data: quote.data, current, error: current ? serverProblem(quote.error) : null }, menu);

  const checkout = () => {
    const minimum = quote.data ? Math.round(quote.data.minimumOrder * 100) : MIN_ORDER_PENCE;
    const step = checkoutStep(view.total, minimum);
    if (step.kind === 'refuse') {
      showToast(
        step.reason === 'minimum'
          ? minimumOrderMessage(minimum)
          : (view.problem?.message ?? 'The prices are being checked. Try again in a moment.'),
        'warning',
      );
      return;
    }
    void navigate(step.to);
  };

  return { cart, view, checkout };
}
