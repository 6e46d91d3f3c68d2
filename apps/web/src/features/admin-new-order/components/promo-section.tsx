import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import { MAX_PROMO_CODE_LENGTH } from '@shop/shared/contract/order-extras';
import { formatWirePounds } from '../../../lib/money';

interface PromoSectionProps {
  /** The code applied ('' for none). */
  promoCode: string;
  onChange(promoCode: string): void;
  /** The basket's quote, asked with the code: its discount line, or why the code does not apply. */
  quote: CartQuoteAnswer | undefined;
  problem: string | undefined;
}

/** A code the caller gives: applied to the quote, which says what it takes off or why it does not apply. */
export function PromoSection({ promoCode, onChange, quote, problem }: PromoSectionProps) {
  const [typed, setTyped] = useState('');
  const applied = promoCode.trim().toUpperCase();
  const outcome = applied && quote?.promo?.code === applied ? quote.promo : null;
  const line = outcome?.applied ? quote?.discounts.find((discount) => discount.code === outcome.code) : undefined;
  const apply = () => {
    if (typed.trim()) onChange(typed.trim());
  };
  const remove = () => {
    setTyped('');
    onChange('');
  };
  return (
    <Box component="section" aria-labelledby="new-order-promo" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="new-order-promo" component="h2" variant="h6">
        Promo code
      </Typography>
      {applied ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography data-testid="promo-outcome">
            {line ? `${line.label}: −${formatWirePounds(line.amount)}` : outcome ? applied : `Checking ${applied}…`}
          </Typography>
          <Button onClick={remove}>Remove</Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Promo code"
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            slotProps={{ htmlInput: { maxLength: MAX_PROMO_CODE_LENGTH, autoComplete: 'off' } }}
          />
          <Button variant="outlined" onClick={apply} disabled={!typed.trim()}>
            Apply
          </Button>
        </Box>
      )}
      {outcome && !outcome.applied && <Alert severity="error">{outcome.reason}</Alert>}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Box>
  );
}
