import { useMemo, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Alert, Button } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { OrderNotPlaced, waitForCardOrder } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';
import { describedBy, PayBlockedReason } from './pay-blocked-reason';

function StripeCardFields({ amountLabel, email, reason, reasonId, startPayment, onPaid, onError }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    onError(message);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    setBusy(true);
    try {
      const intent = await startPayment();
      if (!intent) return;
      // The card is authorised only (the intent then requires_capture: the money is held until the shop accepts) and
      // Stripe's webhook places the order if it could still be placed; the screen waits for that outcome.
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: email ? { email } : {} },
      });
      if (result.error) {
        fail(result.error.message ?? 'Your card was declined.');
        return;
      }
      await waitForCardOrder(intent.trackingUrl);
      onPaid(intent.orderId);
    } catch (failure) {
      fail(
        failure instanceof ApiError || failure instanceof OrderNotPlaced
          ? failure.message
          : 'The payment could not be completed. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} aria-label="Card payment" className="checkout-card-form">
      {/* Stripe draws its own card field in an iframe; this is only the frame around it. */}
      <div className="checkout-card-frame">
        <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={reason !== null || !stripe}
        loading={busy}
        aria-describedby={describedBy(reasonId, reason)}
      >
        Pay {amountLabel}
      </Button>
      <PayBlockedReason id={reasonId} reason={reason} />
    </form>
  );
}

/** Stripe Elements; this module (and Stripe.js) loads only on /payment when the shop has Stripe keys. */
export function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { publishableKey, ...rest } = props;
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...rest} />
    </Elements>
  );
}
