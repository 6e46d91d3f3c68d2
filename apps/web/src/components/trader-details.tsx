import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
    <Typography variant="body2" color="text.secondary" data-testid="trader-notice">
      You are ordering from {traderLine(trader)}.
    </Typography>
  );
}

/**
 * An order's receipt details (decision 1002), on the customer's order page and the kitchen ticket: the trader, and for
 * a VAT-registered shop its VAT number and the VAT included per rate, as the receipt e-mail says them.
 */
export function ReceiptDetails({ orderId }: { orderId: string }) {
  const { data: receipt } = useOrderReceipt(orderId);
  if (!receipt) return null;
  return (
    <Box aria-label="Receipt" role="group" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
      {receipt.vat && (
        <Box sx={{ mb: 1 }}>
          <Typography sx={{ fontSize: 'inherit' }}>VAT number: {receipt.vat.vatNumber}</Typography>
          {receipt.vat.rates.map((rate) => (
            <Typography key={rate.rate} sx={{ fontSize: 'inherit' }}>
              {rate.text}
            </Typography>
          ))}
        </Box>
      )}
      <Typography sx={{ fontSize: 'inherit' }}>Sold by {traderLine(receipt.trader)}</Typography>
    </Box>
  );
}
