import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CounterTender, StaffPayment } from '@shop/shared/domain/order-channel';
import type { DraftSection, OrderDraft } from '../lib/order-draft';

interface PaymentSectionProps {
  draft: OrderDraft;
  onChange(patch: Partial<OrderDraft>): void;
  problems: Partial<Record<DraftSection, string>>;
}

/** How the order is paid: cash when handed over, already paid at the counter (cash or the card terminal), or a card payment link. */
export function PaymentSection({ draft, onChange, problems }: PaymentSectionProps) {
  const hasEmail = draft.email.trim() !== '';
  const collection = draft.fulfilment === 'collection';
  return (
    <Box component="section" aria-labelledby="new-order-payment" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="new-order-payment" component="h2" variant="h6">
        Payment
      </Typography>
      <RadioGroup
        aria-labelledby="new-order-payment"
        value={draft.payment}
        onChange={(event) => onChange({ payment: event.target.value as StaffPayment })}
      >
        <FormControlLabel value="cash" control={<Radio size="small" />} label={collection ? 'Cash on collection' : 'Cash on delivery'} />
        <FormControlLabel value="paid-at-counter" control={<Radio size="small" />} label="Paid at the counter" />
        {draft.payment === 'paid-at-counter' && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Paid with"
            value={draft.tender}
            onChange={(_, value: CounterTender | null) => value && onChange({ tender: value })}
            sx={{ ml: 4, mb: 1 }}
          >
            <ToggleButton value="cash">Cash</ToggleButton>
            <ToggleButton value="card">Card terminal</ToggleButton>
          </ToggleButtonGroup>
        )}
        <FormControlLabel value="payment-link" control={<Radio size="small" />} label="Payment link (the customer pays by card)" />
        {draft.payment === 'payment-link' && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Send the link by"
            value={draft.sendLinkBy}
            onChange={(_, value: 'email' | 'sms' | null) => value && onChange({ sendLinkBy: value })}
            sx={{ ml: 4, mb: 1 }}
          >
            <ToggleButton value="email" disabled={!hasEmail}>
              E-mail
            </ToggleButton>
            <ToggleButton value="sms">Text message</ToggleButton>
          </ToggleButtonGroup>
        )}
      </RadioGroup>
      {problems.payment && (
        <Alert severity="error" data-testid="payment-problem">
          {problems.payment}
        </Alert>
      )}
    </Box>
  );
}
