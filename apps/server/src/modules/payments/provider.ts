import type { PaymentConfig, PaymentProviderKind } from '@shop/shared/contract/orders';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';
import type { ServiceContext } from '../../context';

/** A payment intent as the shop needs to know it, whichever provider holds it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Pence. */
  amount: number;
  /** Stripe's statuses: 'requires_payment_method', 'processing', 'succeeded', 'canceled', ... */
  status: string;
  orderId: string | null;
}

export interface CreateIntentInput {
  /** Pence, computed by the server from the cart. */
  amount: number;
  orderId: string;
  email: string;
  /** Passed to the provider so a retried create gives the same intent. */
  idempotencyKey: string;
}

/** An event the provider sent about an intent (Stripe's webhook event shape, reduced to what the shop reads). */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: { id: string; amount: number; status: string; orderId: string | null; failureMessage: string | null };
}

/**
 * Card payments go through one of two providers: Stripe (with keys in the environment) or the offline
 * test provider that behaves like Stripe's test mode. Everything else only talks to this interface.
 */
export interface PaymentProvider {
  kind: PaymentProviderKind;
  /** Stripe's publishable key for the browser; null in test mode. */
  publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Verifies a webhook request (signature over the raw body) and returns its event. Throws when the
   * signature is wrong or the provider takes no webhooks.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

// Keyed by the app's database, which every plugin scope of one app shares (each scope is an instance of its own).
const providers = new WeakMap<Db, PaymentProvider>();

export const CARD_PAYMENTS_OFF = 'This shop takes cash on delivery only: card payments are turned off.';

/**
 * The app's provider, chosen once from its config: Stripe when its keys are set (a shop that turned card payments
 * off keeps it for the webhooks of payments already under way), else the offline test provider, which a shop
 * that takes cash only does not have (422 CARD_PAYMENTS_OFF).
 */
export function paymentProvider(app: Pick<ServiceContext, 'config' | 'db'>): PaymentProvider {
  let provider = providers.get(app.db);
  if (!provider) {
    if (app.config.stripe) provider = createStripeProvider(app.config.stripe);
    else if (app.config.cardPayments === 'test') provider = createTestProvider(app.db);
    else throw new HttpError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
    providers.set(app.db, provider);
  }
  return provider;
}

/** The provider a new card payment goes to; 422 CARD_PAYMENTS_OFF when the shop takes cash only (PAYMENTS=cash-only). */
export function cardPaymentProvider(app: Pick<ServiceContext, 'config' | 'db'>): PaymentProvider {
  if (app.config.cardPayments === 'off') throw new HttpError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
  return paymentProvider(app);
}

/** What a card payment's answer says of its provider: which one, its publishable key, and whether it is test mode. */
export function paymentConfig(provider: PaymentProvider): Omit<PaymentConfig, 'cardPayments'> & { provider: PaymentProviderKind } {
  return { provider: provider.kind, publishableKey: provider.publishableKey, testMode: provider.kind === 'test' };
}

/** GET /api/payment-config: whether the storefront offers card payment at all, and through which provider. */
export function shopPaymentConfig(app: Pick<ServiceContext, 'config' | 'db'>): PaymentConfig {
  if (app.config.cardPayments === 'off') return { cardPayments: false, provider: null, publishableKey: null, testMode: false };
  return { cardPayments: true, ...paymentConfig(paymentProvider(app)) };
}
