import type { ShopTrader } from '@shop/shared/contract/settings';
import { useOrderReceipt, useShopTrader } from '../lib/shop-trader';

/** 'Harbour Pizza, 4 Harbour Walk, Bristol BS1 4DJ · Phone 0117 496 0123': the trader on one line. */
export function traderLine(trader: ShopTrader): string {
  return `${trader.name}, ${trader.address.join(', ')} · Phone ${trader.phone}`;
}

/** Beside checkout's pay button: who the customer is about to contract with (decision 1002). */
export function TraderNotice() {
  const { data: trader } = useShopTrader();
  if (!trader) return null;
  return (
    <p className="trader-details" data-testid="trader-notice">
      You are ordering from {traderLine(trader)}.
    </p>
  );
}

/**
 * An order's receipt details (decision 1002), on the customer's order page and the kitchen ticket: the trader, and for
 * a VAT-registered shop its VAT number and the VAT included per rate, as the receipt e-mail says them. Plain elements
 * with the classes of styles/ui.css, so it reads the same in the storefront and in the back office's MUI.
 */
export function ReceiptDetails({ orderId }: { orderId: string }) {
  const { data: receipt } = useOrderReceipt(orderId);
  if (!receipt) return null;
  return (
    <div aria-label="Receipt" role="group" className="trader-details">
      {receipt.vat && (
        <div className="trader-details-vat">
          <p>VAT number: {receipt.vat.vatNumber}</p>
          {receipt.vat.rates.map((rate) => (
            <p key={rate.rate}>{rate.text}</p>
          ))}
        </div>
      )}
      <p>Sold by {traderLine(receipt.trader)}</p>
    </div>
  );
}
