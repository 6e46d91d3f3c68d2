import type { PaymentConfig, PaymentProviderKind } from '@shop/shared/contract/orders';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { applyPaymentEvent } from './payment-events';
import { createStripeProvider } from './stripe-provider';
import type { PaymentProvider } from './provider-types';
import { createTestProvider } from './test-provider';

export {
  ProviderRefusal,
  type CreateIntentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
} from './provider-types';

/** What choosing a provider needs: the config, and for the test provider's events the database, clock and log. */
export type ProviderContext = Pick<ServiceContext, 'config' | 'db' | 'now' | 'log'>;

// Keyed by the app's database, which every plugin scope of one app shares (each scope is an instance of its own).
const providers = new WeakMap<Db, PaymentProvider>();

export const CARD_PAYMENTS_OFF = 'This shop takes cash on delivery only: card payments are turned off.';

/**
 * The app's provider, chosen once from its config: Stripe when its keys are set (a shop that turned card payments
 * off keeps it for the webhooks of payments already under way), else the offline test provider, which a shop
 * that takes cash only does not have (422 CARD_PAYMENTS_OFF).
 */
export function paymentProvider(app: ProviderContext): PaymentProvider {
  let provider = providers.get(app.db);
  if (!provider) {
    if (app.config.stripe) provider = createStripeProvider(app.config.stripe);
    else if (app.config.cardPayments === 'test')
      // The test provider's "webhooks": its outcomes go through the same handling as Stripe's events.
      provider = createTestProvider(app.db, {
        now: () => app.now(),
        deliver: async (event) => {
          await applyPaymentEvent(app, event);
        },
      });
    else throw new HttpError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
    providers.set(app.db, provider);
  }
  return provider;
}

/** The provider a new card payment goes to; 422 CARD_PAYMENTS_OFF when the shop takes cash only (PAYMENTS=cash-only). */
export function cardPaymentProvider(app: ProviderContext): PaymentProvider {
  if (app.config.cardPayments === 'off') throw new HttpError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
  return paymentProvider(app);
}

/** What a card payment's answer says of its provider: which one, its publishable key, and whether it is test mode. */
export function paymentConfig(provider: PaymentProvider): Omit<PaymentConfig, 'cardPayments'> & { provider: PaymentProviderKind } {
  return { provider: provider.kind, publishableKey: provider.publishableKey, testMode: provider.kind === 'test' };
}

/** GET /api/payment-config: whether the storefront offers card payment at all, and through which provider. */
export function shopPaymentConfig(app: ProviderContext): PaymentConfig {
  if (app.config.cardPayments === 'off') return { cardPayments: false, provider: null, publishableKey: null, testMode: false };
  return { cardPayments: true, ...paymentConfig(paymentProvider(app)) };
}
