import { useState } from 'react';
import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { Alert } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { OrderNotPlaced, waitForCardOrder } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';

type WalletProps = Pick<CardFormProps, 'reason' | 'startPayment' | 'onPaid' | 'onError'>;

function WalletButtons({ reason, startPayment, onPaid, onError }: WalletProps) {
  const stripe = useStripe();
  const elements = useElements();
  // Hidden until Stripe says a wallet is available on this device (Apple Pay, Google Pay, Link).
  const [available, setAvailable] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) return;
    const fail = (message: string) => {
      event.paymentFailed({ reason: 'fail' });
      setError(message);
      onError(message);
    };
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        fail(submitted.error.message ?? 'The payment could not be completed. Try again.');
        return;
      }
      // The same order and intent as the card form's: authorised only, captured when the shop accepts.
      const intent = await startPayment();
      if (!intent) {
        event.paymentFailed({ reason: 'fail' });
        return;
      }
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (result.error) {
        fail(result.error.message ?? 'The payment could not be completed. Try again.');
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
    }
  };

  return (
    <div className="checkout-wallets" hidden={!available || reason !== null}>
      <ExpressCheckoutElement
        options={{ buttonType: { applePay: 'order', googlePay: 'order' } }}
        onReady={(event) => setAvailable(event.availablePaymentMethods !== undefined)}
        onConfirm={(event) => void confirm(event)}
      />
      {error && <Alert severity="error">{error}</Alert>}
      {available && <p className="ui-p ui-body2 ui-muted checkout-wallets-or">or pay by card</p>}
    </div>
  );
}

/**
 * Apple Pay, Google Pay and Link through Stripe's Express Checkout Element, above the card form. The element is shown
 * before the order's intent exists (its amount, currency and manual capture match the intent the server opens), and
 * a wallet's confirmation opens that intent and confirms it: held, then captured on accept, as a card is.
 */
export function StripeWallets({ stripe, amount, ...props }: WalletProps & { stripe: Promise<Stripe | null>; amount: number }) {
  const pence = Math.round(amount * 100);
  if (pence <= 0) return null;
  return (
    <Elements stripe={stripe} options={{ mode: 'payment', amount: pence, currency: 'gbp', captureMethod: 'manual' }}>
      <WalletButtons {...props} />
    </Elements>
  );
}
