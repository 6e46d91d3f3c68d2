import { lazy, Suspense, useId } from 'react';
import type { CreatePaymentIntentAnswer } from '@shop/shared/contract/orders';
import { Skeleton } from '../../../components/ui';
import { usePaymentConfig } from '../api/checkout-api';
import type { CardFormProps } from './card-form-props';
import { TestCardForm } from './test-card-form';

// Stripe.js and Elements load only when the shop has Stripe keys, and only on a page that takes a card.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** The shop's Stripe key for Stripe's form; null for the test provider's form; undefined while it loads. */
export function useStripeKey(): string | null | undefined {
  const config = usePaymentConfig();
  if (config.isPending) return undefined;
  return config.data?.provider === 'stripe' ? (config.data.publishableKey ?? null) : null;
}

/** The card form of the shop's provider: Stripe's with its keys, the test provider's without. */
export function CardPayment({ stripeKey, ...card }: CardFormProps & { stripeKey: string | null | undefined }) {
  if (stripeKey === undefined) return <Skeleton height={160} />;
  if (!stripeKey) return <TestCardForm {...card} />;
  return (
    <Suspense fallback={<Skeleton height={160} />}>
      <StripeCardForm {...card} publishableKey={stripeKey} />
    </Suspense>
  );
}

interface OrderCardPaymentProps {
  /** '£36.18', on the Pay button. */
  amountLabel: string;
  /** Opens the order's payment (the tracking link's `GET /api/track/{token}/payment`). */
  startPayment(): Promise<CreatePaymentIntentAnswer>;
  onPaid(orderId: string): void;
  onError(message: string): void;
}

/**
 * The card form for an order already placed and waiting for its card (a payment link's order, a guest's card order
 * not paid yet): the same form the payment page shows, with nothing left to check before Pay.
 */
export function OrderCardPayment({ amountLabel, startPayment, onPaid, onError }: OrderCardPaymentProps) {
  const reasonId = useId();
  return (
    <CardPayment
      stripeKey={useStripeKey()}
      amountLabel={amountLabel}
      email=""
      reason={null}
      reasonId={reasonId}
      startPayment={startPayment}
      onPaid={onPaid}
      onError={onError}
    />
  );
}
