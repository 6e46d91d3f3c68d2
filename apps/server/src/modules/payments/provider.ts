import type { PaymentConfig, PaymentProviderKind } from '@shop/shared/contract/orders';
import type { Db } from '../../db/client';
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

/** The app's provider, chosen once from its config: Stripe when its keys are set, else the test provider. */
export function paymentProvider(app: Pick<ServiceContext, 'config' | 'db'>): PaymentProvider {
  let provider = providers.get(app.db);
  if (!provider) {
    provider = app.config.stripe ? createStripeProvider(app.config.stripe) : createTestProvider(app.db);
    providers.set(app.db, provider);
  }
  return provider;
}

/** What the browser needs to know of the provider: which one, its publishable key, and whether it is test mode. */
export function paymentConfig(provider: PaymentProvider): PaymentConfig {
  return { provider: provider.kind, publishableKey: provider.publishableKey, testMode: provider.kind === 'test' };
}
