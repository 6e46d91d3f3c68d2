import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RemoveIcon from '@mui/icons-material/Remove';
import type { CartQuoteAnswer, QuotedLine } from '@shop/shared/contract/cart';
import { formatWirePounds } from '../../../lib/money';
import type { NewOrderBasket } from '../lib/basket';

/** A quoted line's choices as one line of text: size, crust, type, toppings, a deal's items. */
function choicesText(line: QuotedLine | undefined): string {
  if (!line) return '';
  return [line.sizeLabel, line.toopingNames, ...line.dealItems.map((item) => item.title)]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

export interface BasketTotals {
  subtotal: number;
  fee: number;
  total: number;
}

interface BasketSectionProps {
  basket: NewOrderBasket;
  quote: CartQuoteAnswer | undefined;
  /** The quote's refusal (a sold-out item, say), in its words. */
  quoteError: string | null;
  totals: BasketTotals | null;
  /** A delivery's fee is counted (a collection has none). */
  delivery: boolean;
  /** What a repeated order could not bring back, and why. */
  repeatNote: string | null;
  problem: string | undefined;
}

/** The staff's basket: each line with its choices, quantity and price at today's prices, then the totals. */
export function BasketSection({ basket, quote, quoteError, totals, delivery, repeatNote, problem }: BasketSectionProps) {
  const quoted = quote && quote.items.length === basket.entries.length ? quote.items : null;
  return (
    <Box component="section" aria-labelledby="new-order-basket" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="new-order-basket" component="h2" variant="h6">
        Basket {basket.count > 0 ? `(${basket.count})` : ''}
      </Typography>
      {repeatNote && <Alert severity={repeatNote.includes('Not added') ? 'warning' : 'success'}>{repeatNote}</Alert>}
      {basket.entries.length === 0 ? (
        <Typography color="text.secondary">Add from the menu, or repeat one of the caller’s orders.</Typography>
      ) : (
        <Box component="ul" aria-label="Basket" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {basket.entries.map((entry, index) => {
            const line = quoted?.[index];
            return (
              <Box
                component="li"
                key={entry.key}
                data-testid="basket-line"
                sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{entry.display.title}</Typography>
                  {choicesText(line) && (
                    <Typography variant="body2" color="text.secondary">
                      {choicesText(line)}
                    </Typography>
                  )}
                </Box>
                <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>
                  {line ? formatWirePounds(line.totalQuantityPrice) : '…'}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, gridColumn: '1 / -1' }}>
                  <IconButton
                    size="small"
                    aria-label={`One fewer ${entry.display.title}`}
                    onClick={() => basket.decrease(entry.key)}
                    disabled={entry.line.quantity <= 1}
                  >
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                  <Typography aria-label={`Quantity of ${entry.display.title}`} sx={{ minWidth: '1.5em', textAlign: 'center' }}>
                    {entry.line.quantity}
                  </Typography>
                  <IconButton size="small" aria-label={`One more ${entry.display.title}`} onClick={() => basket.increase(entry.key)}>
                    <AddIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${entry.display.title}`}
                    onClick={() => basket.remove(entry.key)}
                    sx={{ ml: 'auto' }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {quoteError && <Alert severity="error">{quoteError}</Alert>}
      {totals && basket.entries.length > 0 && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: '1fr auto', m: 0, rowGap: 0.25, '& dd': { m: 0, textAlign: 'right' } }}
        >
          <dt>Subtotal</dt>
          <dd data-testid="basket-subtotal">{formatWirePounds(totals.subtotal)}</dd>
          {delivery && (
            <>
              <dt>Delivery</dt>
              <dd data-testid="basket-delivery-fee">{totals.fee > 0 ? formatWirePounds(totals.fee) : 'Free'}</dd>
            </>
          )}
          {(quote?.discounts ?? []).map((discount, index) => (
            <Box key={`${discount.label}-${index}`} sx={{ display: 'contents' }} data-testid="basket-discount">
              <dt>{discount.label}</dt>
              <dd>−{formatWirePounds(discount.amount)}</dd>
            </Box>
          ))}
          <Box component="dt" sx={{ fontWeight: 700 }}>
            Total
          </Box>
          <Box component="dd" sx={{ fontWeight: 700 }} data-testid="basket-total">
            {formatWirePounds(totals.total)}
          </Box>
        </Box>
      )}
      {quote && !quote.meetsMinimum && basket.entries.length > 0 && !problem && (
        <Alert severity="warning" role="status">
          The minimum order is {formatWirePounds(quote.minimumOrder)}.
        </Alert>
      )}
      {problem && (
        <Alert severity="error" data-testid="basket-problem">
          {problem}
        </Alert>
      )}
    </Box>
  );
}
