import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { ApiError } from '../../../lib/api';
import { confirmTestPayment } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';

function groupCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The card form of the offline test provider (no Stripe keys): it takes Stripe's test card numbers and
 * answers as Stripe's test mode would. Clearly labelled, so nobody types a real card here.
 */
export function TestCardForm({ amountLabel, email, disabled, startPayment, onPaid, onError }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const intent = await startPayment();
      if (!intent) return;
      const answer = await confirmTestPayment({ clientSecret: intent.clientSecret, cardNumber, exp, cvc });
      onPaid(answer.orderId);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'The payment could not be completed. Try again.';
      setError(message);
      onError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void pay(event)} aria-label="Card payment" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="info" icon={false}>
        <Chip label="Test mode" color="warning" size="small" sx={{ mr: 1, fontWeight: 700 }} />
        No real card is charged. Use Stripe&apos;s test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000
        9995 has insufficient funds. Any future expiry date and any 3-digit CVC. Billing email: {email}.
      </Alert>
      <TextField
        label="Card number"
        value={cardNumber}
        onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
        required
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          label="Expiry (MM/YY)"
          value={exp}
          onChange={(event) => setExp(formatExpiry(event.target.value))}
          required
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          required
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Paying" /> : undefined}
      >
        Pay {amountLabel}
      </Button>
    </Box>
  );
}
