import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { CRUST_LABELS } from '@shop/shared/domain/catalogue';
import { minimumOrderMessage } from '@shop/shared/domain/minimum-order';
import { TIP_LINE_LABEL } from '@shop/shared/domain/tips';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { Alert, Skeleton } from '../../../components/ui';
import { formatWirePounds } from '../../../lib/money';

/** A delivery's line: the zone's fee ('Free' at 0), or why the shop does not deliver there (decision 1001). */
function DeliveryLine({ delivery, food }: { delivery: DeliveryCheckAnswer; food: number }) {
  if (!delivery.delivers) {
    return (
      <Alert severity="error" className="checkout-summary-alert">
        <span data-testid="delivery-refusal">{delivery.message}</span>
      </Alert>
    );
  }
  const short = Math.round(delivery.minimumOrder * 100) - Math.round(food * 100);
  return (
    <>
      <div className="checkout-summary-row">
        <p className="ui-p">Delivery{delivery.zone ? ` to ${delivery.zone}` : ''}</p>
        <p className="ui-p" data-testid="delivery-fee">
          {delivery.fee === 0 ? 'Free' : formatWirePounds(delivery.fee)}
        </p>
      </div>
      {short > 0 && delivery.zone && (
        <Alert severity="warning" className="checkout-summary-alert">
          Orders delivered to {delivery.zone} must come to at least {formatWirePounds(delivery.minimumOrder)} before the delivery fee: add{' '}
          {formatWirePounds(short / 100)} more
        </Alert>
      )}
    </>
  );
}

/**
 * The order as the server prices it (POST /api/cart/quote), with the minimum-order warning, for a delivery its fee as
 * its own line (GET /api/delivery-check for the chosen address's post code), each discount as its own line, and the
 * total the quote's `toPay`: what the order will charge.
 */
export function OrderSummary({
  quote,
  error,
  loading,
  delivery = null,
}: {
  quote: CartQuoteAnswer | undefined;
  error: string | null;
  loading: boolean;
  delivery?: DeliveryCheckAnswer | null;
}) {
  return (
    <section aria-labelledby="summary-heading" className="ui-surface">
      <h2 id="summary-heading" className="checkout-title">
        Your order
      </h2>
      {loading && !quote && <Skeleton height={80} />}
      {error && <Alert severity="error">{error}</Alert>}
      {quote?.items.map((item, index) => {
        const details = [
          item.sizeLabel,
          item.crust ? CRUST_LABELS[item.crust] : null,
          item.toopingNames || null,
          ...item.dealItems.map((d) => d.title),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <div key={`${item.productId}-${index}`} className="checkout-summary-row is-line">
            <div>
              <p className="ui-p checkout-summary-item">
                {item.quantity} × {item.title}
              </p>
              {details && <p className="ui-p ui-body2 ui-muted">{details}</p>}
              <p className="ui-p ui-body2 ui-muted" data-testid="line-allergens">
                <AllergenCodesLine codes={item.allergens} />
              </p>
            </div>
            <p className="ui-p">{formatWirePounds(item.totalQuantityPrice)}</p>
          </div>
        );
      })}
      {quote && (
        <>
          <hr className="ui-divider checkout-summary-divider" />
          {delivery && <DeliveryLine delivery={delivery} food={quote.total} />}
          {quote.discounts.map((discount, index) => (
            <div key={`${discount.label}-${index}`} className="checkout-summary-row" data-testid="discount-line">
              <p className="ui-p">{discount.label}</p>
              <p className="ui-p">−{formatWirePounds(discount.amount)}</p>
            </div>
          ))}
          {quote.tip > 0 && (
            <div className="checkout-summary-row">
              <p className="ui-p">{TIP_LINE_LABEL}</p>
              <p className="ui-p" data-testid="tip-line">
                {formatWirePounds(quote.tip)}
              </p>
            </div>
          )}
          <div className="checkout-summary-row is-total">
            <p className="ui-p">Total</p>
            <p className="ui-p" data-testid="order-total">
              {formatWirePounds(quote.toPay)}
            </p>
          </div>
          {!quote.meetsMinimum && (
            <Alert severity="warning" className="checkout-summary-minimum">
              {minimumOrderMessage(Math.round(quote.minimumOrder * 100))}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
