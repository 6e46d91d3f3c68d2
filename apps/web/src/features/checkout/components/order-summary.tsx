import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { CRUST_LABELS } from '@shop/shared/domain/catalogue';
import { MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { addPounds } from '../../../lib/delivery-check';
import { formatWirePounds } from '../../../lib/money';

/** A delivery's line: the zone's fee ('Free' at 0), or why the shop does not deliver there (decision 1001). */
function DeliveryLine({ delivery, food }: { delivery: DeliveryCheckAnswer; food: number }) {
  if (!delivery.delivers) {
    return (
      <Alert severity="error" sx={{ mt: 1 }} data-testid="delivery-refusal">
        {delivery.message}
      </Alert>
    );
  }
  const short = Math.round(delivery.minimumOrder * 100) - Math.round(food * 100);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.75 }}>
        <Typography>Delivery{delivery.zone ? ` to ${delivery.zone}` : ''}</Typography>
        <Typography data-testid="delivery-fee">{delivery.fee === 0 ? 'Free' : formatWirePounds(delivery.fee)}</Typography>
      </Box>
      {short > 0 && delivery.zone && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Orders delivered to {delivery.zone} must come to at least {formatWirePounds(delivery.minimumOrder)} before the delivery fee: add{' '}
          {formatWirePounds(short / 100)} more
        </Alert>
      )}
    </>
  );
}

/**
 * The order as the server prices it (POST /api/cart/quote), with the minimum-order warning, and for a delivery its
 * fee as its own line, in the total (GET /api/delivery-check for the chosen address's post code).
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
  const fee = delivery?.delivers ? delivery.fee : 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="summary-heading" sx={{ p: 2 }}>
      <Typography id="summary-heading" variant="h3" component="h2" gutterBottom>
        Your order
      </Typography>
      {loading && !quote && <Skeleton variant="rounded" height={80} />}
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
          <Box key={`${item.productId}-${index}`} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
            <Box>
              <Typography fontWeight={600}>
                {item.quantity} × {item.title}
              </Typography>
              {details && (
                <Typography variant="body2" color="text.secondary">
                  {details}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" data-testid="line-allergens">
                <AllergenCodesLine codes={item.allergens} />
              </Typography>
            </Box>
            <Typography>{formatWirePounds(item.totalQuantityPrice)}</Typography>
          </Box>
        );
      })}
      {quote && (
        <>
          <Divider sx={{ my: 1 }} />
          {delivery && <DeliveryLine delivery={delivery} food={quote.total} />}
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography fontWeight={700}>Total</Typography>
            <Typography fontWeight={700} data-testid="order-total">
              {formatWirePounds(addPounds(quote.total, fee))}
            </Typography>
          </Box>
          {!quote.meetsMinimum && (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {MINIMUM_ORDER}
            </Alert>
          )}
        </>
      )}
    </Paper>
  );
}
