import { NO_PRODUCT_ADDED, NO_TOPPINGS_ADDED } from '@shop/shared/domain/messages';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { Alert } from '../../../components/ui';
import { MaterialIcon } from '../../../components/material-icon';
import { imageUrlAtWidth } from '../../../lib/image-url';
import { LiveMenu } from '../../../lib/live-menu';
import { useCartCheckout } from './use-cart-checkout';

interface CartPanelProps {
  /** The side cart has its own 'My Cart' heading; the /cart page's heading is the page title. */
  showHeading?: boolean;
}

/**
 * 'My Cart': the lines with their quantities and prices, the total the server confirms, and Checkout. A line with
 * something sold out says so ('Sold out' and the shop's words) and stops checkout until it is removed.
 */
export function CartPanel({ showHeading = true }: CartPanelProps) {
  const { cart, view, checkout } = useCartCheckout();

  // Plain elements with the static classes of styles/storefront.css: the side cart redraws on every Add to cart, so
  // its elements carry no run-time styling.
  return (
    <section
      aria-labelledby={showHeading ? 'cart-heading' : undefined}
      aria-label={showHeading ? undefined : 'My Cart'}
      className="cart-panel"
    >
      <LiveMenu />
      {showHeading && (
        <h2 id="cart-heading" className="cart-heading">
          My Cart
        </h2>
      )}
      {cart.entries.length === 0 ? (
        <p className="cart-empty">{NO_PRODUCT_ADDED}</p>
      ) : (
        <ul aria-label="Cart items" className="cart-lines">
          {view.lines.map((line, index) => (
            <li key={line.key} aria-label={line.title} className="cart-line">
              {line.imageUrl ? (
                <img src={imageUrlAtWidth(line.imageUrl, 160)} alt="" width={48} height={48} loading="lazy" className="cart-line-image" />
              ) : (
                <div aria-hidden="true" className="cart-line-image is-empty" />
              )}
              <div className="cart-line-body">
                <div className="cart-line-head">
                  <p className="cart-line-title">{line.title}</p>
                  <p className="cart-line-total">{line.lineTotal !== null ? formatPounds(line.lineTotal) : '…'}</p>
                </div>
                {line.details.length > 0 && <p className="cart-line-note">{line.details.join(' · ')}</p>}
                {line.dealItems.length > 0 && <p className="cart-line-note">{line.dealItems.join(', ')}</p>}
                {line.toppings !== null && <p className="cart-line-note">{line.toppings || NO_TOPPINGS_ADDED}</p>}
                {line.allergens !== undefined && (
                  <p className="cart-line-note" data-testid="line-allergens">
                    <AllergenCodesLine codes={line.allergens} />
                  </p>
                )}
                {line.soldOut !== null && (
                  <p className="cart-line-note is-error">
                    <strong className="cart-line-sold-out">{SOLD_OUT_LABEL}:</strong>
                    {line.soldOut}
                  </p>
                )}
                {view.problem?.lineIndex === index && line.soldOut === null && (
                  <p className="cart-line-note is-error" role="alert">
                    {view.problem.message}
                  </p>
                )}
                <div className="cart-line-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Decrease ${line.title}`}
                    onClick={() => cart.decrease(line.key)}
                    disabled={line.quantity <= 1}
                  >
                    <MaterialIcon path={REMOVE_ICON} />
                  </button>
                  {/* An <output>: its role (status) may be named, and a screen reader hears the new quantity. */}
                  <output aria-label={`Quantity of ${line.title}`} className="cart-line-quantity">
                    {line.quantity}
                  </output>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Increase ${line.title}`}
                    onClick={() => cart.increase(line.key)}
                  >
                    <MaterialIcon path={ADD_ICON} />
                  </button>
                  <button
                    type="button"
                    className="icon-button is-last"
                    aria-label={`Remove ${line.title}`}
                    onClick={() => cart.remove(line.key)}
                  >
                    <MaterialIcon path={DELETE_OUTLINE_ICON} />
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {view.problem && view.problem.lineIndex === null && (
        <Alert severity="error" className="cart-problem">
          {view.problem.message}
        </Alert>
      )}
      <hr className="cart-divider" />
      <div className="cart-total-row">
        <p className="cart-total-label">Total</p>
        <p className="cart-total" data-testid="cart-total" data-confirmed={view.confirmed ? 'true' : 'false'}>
          {view.total !== null ? formatPounds(view.total) : '…'}
        </p>
      </div>
      <span aria-live="polite" className="cart-confirmation">
        {cart.entries.length === 0 ? '' : view.confirmed ? 'Prices confirmed by the shop' : view.problem ? '' : 'Checking prices…'}
      </span>
      <button type="button" className="card-button is-contained is-large is-full cart-checkout" onClick={checkout}>
        Checkout
      </button>
    </section>
  );
}

// Material icons' paths (@mui/icons-material's Remove, Add and DeleteOutline), drawn as MUI's small icon is.
const REMOVE_ICON = 'M19 13H5v-2h14z';
const ADD_ICON = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const DELETE_OUTLINE_ICON = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z';
