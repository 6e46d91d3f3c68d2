import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import { CRUST_LABELS } from '@shop/shared/domain/catalogue';
import { MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { formatWirePounds } from '../../../lib/money';

/** The order as the server prices it (POST /api/cart/quote), with the minimum-order warning. */
export function OrderSummary({ quote, error, loading }: { quote: CartQuoteAnswer | undefined; error: string | null; loading: boolean }) {
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
            </Box>
            <Typography>{formatWirePounds(item.totalQuantityPrice)}</Typography>
          </Box>
        );
      })}
      {quote && (
        <>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography fontWeight={700}>Total</Typography>
            <Typography fontWeight={700} data-testid="order-total">
              {formatWirePounds(quote.total)}
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
