import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { confirmTestPayment } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';
import { describedBy, PayBlockedReason } from './pay-blocked-reason';

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
export function TestCardForm({ amountLabel, email, reason, reasonId, startPayment, onPaid, onError }: CardFormProps) {
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
    <form onSubmit={(event) => void pay(event)} aria-label="Card payment" className="checkout-card-form">
      {/* The alert's look without its icon: the chip says what this is. */}
      <div role="alert" className="ui-alert is-info">
        <div className="ui-alert-message">
          <span className="ui-chip is-warning checkout-test-chip">Test mode</span>
          No real card is charged. Use Stripe&apos;s test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000
          0000 9995 has insufficient funds. Any future expiry date and any 3-digit CVC.{email && ` Billing email: ${email}.`}
        </div>
      </div>
      <TextField
        label="Card number"
        value={cardNumber}
        onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
        required
        autoComplete="cc-number"
        inputMode="numeric"
      />
      <div className="checkout-card-pair">
        <TextField
          label="Expiry (MM/YY)"
          value={exp}
          onChange={(event) => setExp(formatExpiry(event.target.value))}
          required
          autoComplete="cc-exp"
          inputMode="numeric"
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          required
          autoComplete="cc-csc"
          inputMode="numeric"
        />
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={reason !== null}
        loading={busy}
        aria-describedby={describedBy(reasonId, reason)}
      >
        Pay {amountLabel}
      </Button>
      <PayBlockedReason id={reasonId} reason={reason} />
    </form>
  );
}
