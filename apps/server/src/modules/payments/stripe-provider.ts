import Stripe from 'stripe';
import type { PaymentMethodKind, SavedCard } from '@shop/shared/contract/payment-methods';
import type { Config } from '../../config';
import { HttpError } from '../../http-errors';
import { ProviderRefusal, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './provider-types';

type StripeConfig = NonNullable<Config['stripe']>;

/** SDK options that point it at another API host (tests use a local stand-in of Stripe's API). */
function apiHostOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    status: intent.status,
    orderId: intent.metadata?.orderId ?? null,
  };
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}

function toRefund(refund: Partial<Stripe.Refund>): ProviderRefund {
  return {
    id: typeof refund.id === 'string' ? refund.id : '',
    amount: typeof refund.amount === 'number' ? refund.amount : 0,
    status: typeof refund.status === 'string' ? refund.status : '',
    paymentIntentId: idOf(refund.payment_intent),
    refundId: refund.metadata?.refundId ?? null,
    failureReason: typeof refund.failure_reason === 'string' ? refund.failure_reason : null,
  };
}

/**
 * Stripe answered and said no (a card error, or a request its state refuses: an intent already captured or
 * canceled, more than is left to refund): nothing happened there. Anything else (no answer, a 5xx, a key
 * problem) stays an error whose outcome is unknown.
 */
async function refusalsNamed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new ProviderRefusal(error.message, error.code ?? null);
    }
    throw error;
  }
}

/**
 * How a charge was paid, from its payment method details: a wallet through the Express Checkout Element (a card
 * whose `wallet.type` is apple_pay or google_pay, or Link), else a card.
 */
export function methodOfCharge(details: Partial<Stripe.Charge.PaymentMethodDetails> | null | undefined): PaymentMethodKind | null {
  if (!details?.type) return null;
  if (details.type === 'link') return 'link';
  if (details.type !== 'card') return null;
  const wallet = details.card?.wallet?.type;
  if (wallet === 'apple_pay') return 'apple_pay';
  if (wallet === 'google_pay') return 'google_pay';
  if (wallet === 'link') return 'link';
  return 'card';
}

/**
 * A saved card as the shop shows it. Stripe keeps the card; the shop asks its CVC again every time it is paid with
 * (Stripe.js sends it as a `cvc_update` token with the confirmation).
 */
function toSavedCard(method: Stripe.PaymentMethod): SavedCard | null {
  if (!method.card) return null;
  return {
    id: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    needsCvc: true,
  };
}

/** Refund events name their refund; payment intent events their intent; charge events their charge. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as Record<string, unknown> & { metadata?: Record<string, string> | null };
  const orderId = object.metadata?.orderId ?? null;
  if (event.type === 'charge.refunded') {
    const charge = object as Partial<Stripe.Charge>;
    const listed = charge.refunds && Array.isArray(charge.refunds.data) ? charge.refunds.data.map(toRefund) : null;
    return {
      id: event.id,
      type: event.type,
      intent: { id: idOf(charge.payment_intent) ?? '', amount: 0, status: '', orderId, failureMessage: null },
      charge: {
        amount: typeof charge.amount === 'number' ? charge.amount : 0,
        amountRefunded: typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0,
        refunds: listed,
      },
    };
  }
  if (event.type === 'charge.succeeded') {
    // The charge of an authorised intent: it says how the customer paid.
    const charge = object as Partial<Stripe.Charge>;
    return {
      id: event.id,
      type: event.type,
      intent: { id: idOf(charge.payment_intent) ?? '', amount: 0, status: '', orderId, failureMessage: null },
      method: methodOfCharge(charge.payment_method_details),
    };
  }
  if (event.type.startsWith('refund.') || event.type === 'charge.refund.updated') {
    const refund = toRefund(object as Partial<Stripe.Refund>);
    return {
      id: event.id,
      type: event.type,
      intent: { id: refund.paymentIntentId ?? '', amount: 0, status: '', orderId, failureMessage: null },
      refund,
    };
  }
  const intent = object as Partial<Stripe.PaymentIntent>;
  return {
    id: event.id,
    type: event.type,
    intent: {
      id: typeof intent.id === 'string' ? intent.id : '',
      amount: typeof intent.amount === 'number' ? intent.amount : 0,
      status: typeof intent.status === 'string' ? intent.status : '',
      orderId,
      failureMessage: intent.last_payment_error?.message ?? null,
    },
  };
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...apiHostOptions(config.apiBase) });
  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,
    async createIntent({ amount, orderId, email, idempotencyKey, customerId, saveCard }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'gbp',
          // Authorise only: the money is held until the shop accepts the order (decision 0800).
          capture_method: 'manual',
          // Cards, and the wallets of the Express Checkout Element (Apple Pay, Google Pay, Link) on the same intent.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          receipt_email: email,
          metadata: { orderId },
          // The customer's own saved cards may pay it; a card it is paid with is kept for them when they asked.
          ...(customerId ? { customer: customerId } : {}),
          ...(customerId && saveCard ? { setup_future_usage: 'on_session' as const } : {}),
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrieveIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },
    async captureIntent(id, idempotencyKey) {
      return toIntent(await refusalsNamed(() => stripe.paymentIntents.capture(id, {}, { idempotencyKey })));
    },
    async cancelIntent(id, idempotencyKey) {
      return toIntent(await refusalsNamed(() => stripe.paymentIntents.cancel(id, {}, { idempotencyKey })));
    },
    async createRefund({ paymentIntentId, amount, idempotencyKey, metadata }) {
      const refund = await refusalsNamed(() =>
        stripe.refunds.create({ payment_intent: paymentIntentId, amount, metadata }, { idempotencyKey }),
      );
      return toRefund(refund);
    },
    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey });
      return customer.id;
    },
    async listPaymentMethods(customerId) {
      const listed = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
      return listed.data
        .sort((a, b) => b.created - a.created)
        .map(toSavedCard)
        .filter((card): card is SavedCard => card !== null);
    },
    async detachPaymentMethod(customerId, paymentMethodId) {
      // Only a card of this customer's: another's, or an unknown id, is not theirs to remove.
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
      if (idOf(method.customer) !== customerId) return false;
      await refusalsNamed(() => stripe.paymentMethods.detach(paymentMethodId));
      return true;
    },
    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!config.webhookSecret)
        throw new HttpError('WEBHOOK_NOT_CONFIGURED', 'Card payment webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new HttpError('WEBHOOK_SIGNATURE_INVALID', 'Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new HttpError('WEBHOOK_SIGNATURE_INVALID', `Webhook signature verification failed: ${(error as Error).message}`);
      }
      return eventOf(event);
    },
  };
}
