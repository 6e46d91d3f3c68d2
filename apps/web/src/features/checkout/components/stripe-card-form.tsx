import { useMemo, useState, type FormEvent } from 'react';
import { CardCvcElement, CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Alert, Button, Checkbox } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { savedCardLabel } from '../../../lib/saved-cards';
import { OrderNotPlaced, waitForCardOrder } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';
import { describedBy, PayBlockedReason } from './pay-blocked-reason';
import { NEW_CARD, SavedCardChoice, useSavedCardChoice } from './saved-card-choice';
import { StripeWallets } from './stripe-wallets';

function StripeCardFields({ amountLabel, email, reason, reasonId, startPayment, onPaid, onError, signedIn = false }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const { cards, chosen } = useSavedCardChoice(signedIn, choice);

  const fail = (message: string) => {
    setError(message);
    onError(message);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    const cvc = elements?.getElement(CardCvcElement);
    if (!stripe) return;
    if (!chosen && !card) return;
    setError(null);
    setBusy(true);
    try {
      const keep = !chosen && signedIn && saveCard;
      const intent = await startPayment({ saveCard: keep });
      if (!intent) return;
      // The card is authorised only (the intent then requires_capture: the money is held until the shop accepts) and
      // Stripe's webhook places the order if it could still be placed; the screen waits for that outcome. A saved card
      // is the customer's at Stripe (the intent carries their customer) and its CVC is checked again.
      const result = chosen
        ? await stripe.confirmCardPayment(intent.clientSecret, {
            payment_method: chosen.id,
            ...(cvc ? { payment_method_options: { card: { cvc } } } : {}),
          })
        : card
          ? await stripe.confirmCardPayment(intent.clientSecret, {
              payment_method: { card, billing_details: email ? { email } : {} },
            })
          : null;
      if (!result) return;
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
      <SavedCardChoice cards={cards} value={chosen?.id ?? NEW_CARD} onChange={setChoice} />
      {/* Stripe draws its own card fields in iframes; these are only the frames around them. */}
      {chosen ? (
        <div className="checkout-card-frame" aria-label={`CVC of ${savedCardLabel(chosen)}`}>
          <CardCvcElement options={{ style: { base: { fontSize: '16px' } } }} />
        </div>
      ) : (
        <>
          <div className="checkout-card-frame">
            <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
          </div>
          {signedIn && (
            <Checkbox label="Save this card for next time" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
          )}
        </>
      )}
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

/**
 * Stripe Elements; this module (and Stripe.js) loads only on /payment when the shop has Stripe keys. The wallets'
 * buttons (Express Checkout Element) come first, when the device has one, then the card form: one order, one intent.
 */
export function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { publishableKey, ...rest } = props;
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <>
      {rest.amount !== undefined && (
        <StripeWallets
          stripe={stripePromise}
          amount={rest.amount}
          reason={rest.reason}
          startPayment={rest.startPayment}
          onPaid={rest.onPaid}
          onError={rest.onError}
        />
      )}
      <Elements stripe={stripePromise}>
        <StripeCardFields {...rest} />
      </Elements>
    </>
  );
}
