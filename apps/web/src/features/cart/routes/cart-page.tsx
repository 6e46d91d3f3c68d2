import { OpeningState } from '../../../components/opening-state';
import { Page } from '../../../components/page';
import { CartDeliveryNote } from '../components/cart-delivery-note';
import { CartPanel } from '../components/cart-panel';

/** Under the opening state while the shop takes no orders. */
const CART_KEEPS_UNTIL_OPEN = 'You can fill your cart now and check out once we take orders.';

/** /cart: the cart on its own screen, for small screens where the side cart is hidden (reachable at any width). */
export function CartPage() {
  return (
    <Page title="My Cart">
      <div className="cart-page">
        <div className="cart-page-opening">
          <OpeningState closedHint={CART_KEEPS_UNTIL_OPEN} />
        </div>
        <CartPanel showHeading={false} />
        <CartDeliveryNote />
      </div>
    </Page>
  );
}
