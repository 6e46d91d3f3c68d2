import Stripe from 'stripe';
import type { Config } from '../../config';
import { HttpError } from '../../http-errors';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider';

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

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...apiHostOptions(config.apiBase) });
  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,
    async createIntent({ amount, orderId, email, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'gbp',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          receipt_email: email,
          metadata: { orderId },
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrieveIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
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
      const object = event.data.object as Partial<Stripe.PaymentIntent>;
      return {
        id: event.id,
        type: event.type,
        intent: {
          id: typeof object.id === 'string' ? object.id : '',
          amount: typeof object.amount === 'number' ? object.amount : 0,
          status: typeof object.status === 'string' ? object.status : '',
          orderId: object.metadata?.orderId ?? null,
          failureMessage: object.last_payment_error?.message ?? null,
        },
      };
    },
  };
}
