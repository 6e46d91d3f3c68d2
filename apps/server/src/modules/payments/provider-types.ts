// The provider interface and what it answers, apart from choosing a provider (provider.ts), so both providers can
// import it without a cycle.
import type { PaymentProviderKind } from '@shop/shared/contract/orders';
import type { PaymentMethodKind, SavedCard } from '@shop/shared/contract/payment-methods';

/** A payment intent as the shop needs to know it, whichever provider holds it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Pence. */
  amount: number;
  /**
   * Stripe's statuses: 'requires_payment_method', 'processing', 'requires_capture' (authorised: the money is held),
   * 'succeeded' (captured), 'canceled', ...
   */
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
  /**
   * The signed-in customer's customer at the provider, so one of their saved cards can pay (Stripe refuses a saved
   * card whose customer is not the intent's); null for a guest or a customer with none.
   */
  customerId?: string | null;
  /** Keep the card this intent is paid with for the customer (Stripe's `setup_future_usage`); needs `customerId`. */
  saveCard?: boolean;
}

export interface CreateCustomerInput {
  userId: string;
  email: string;
  /** `customer-<userId>`: parallel first saves make one customer. */
  idempotencyKey: string;
}

/** A refund as the provider knows it. */
export interface ProviderRefund {
  /** The provider's id ('re_...'). */
  id: string;
  /** Pence. */
  amount: number;
  /** Stripe's statuses: 'pending', 'requires_action', 'succeeded', 'failed', 'canceled'. */
  status: string;
  /** The payment intent refunded. */
  paymentIntentId: string | null;
  /** The shop's refund row (metadata.refundId), when the shop asked for it. */
  refundId: string | null;
  failureReason: string | null;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Pence. */
  amount: number;
  /** `refund-<refundId>`, or `cancel-<orderId>` for a cancellation's: a retry never refunds twice. */
  idempotencyKey: string;
  metadata: { orderId: string; refundId: string; reason: string };
}

/**
 * An event the provider sent (Stripe's webhook event shape, reduced to what the shop reads). `intent` is the
 * payment intent it is about: for `charge.*` and `refund.*` events the one the charge or refund belongs to, whose
 * amount and status the event does not tell (0 and '').
 */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: { id: string; amount: number; status: string; orderId: string | null; failureMessage: string | null };
  /** `charge.refunded`: how much of the charge is refunded now (pence, absolute), and its refunds when listed. */
  charge?: { amount: number; amountRefunded: number; refunds: ProviderRefund[] | null };
  /** `refund.created`, `refund.updated`, `refund.failed`, `charge.refund.updated`: the refund. */
  refund?: ProviderRefund;
  /** How the customer paid, when the event says (a charge's payment method details): recorded in payments.method. */
  method?: PaymentMethodKind | null;
}

/**
 * The provider answered and refused (a declined card, an intent in the wrong state, more than is left to refund):
 * nothing happened there. Any other error of a provider call (no answer, a 5xx) leaves its outcome unknown.
 */
export class ProviderRefusal extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'ProviderRefusal';
    this.code = code;
  }
}

/**
 * Card payments go through one of two providers: Stripe (with keys in the environment) or the offline
 * test provider that behaves like Stripe's test mode. Everything else only talks to this interface.
 * Card intents authorise only (`capture_method: 'manual'`, decision 0800): the money is held until captured.
 * Every call that moves money takes an idempotency key, so a retry (or two admins at once) moves it once; a
 * refusal throws ProviderRefusal.
 */
export interface PaymentProvider {
  kind: PaymentProviderKind;
  /** Stripe's publishable key for the browser; null in test mode. */
  publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Takes the money held (status 'requires_capture' → 'succeeded'). */
  captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Releases the hold (→ 'canceled'). */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Gives back part or all of a captured payment. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Creates the customer a signed-in customer's saved cards belong to (Stripe's `cus_...`): its id. */
  createCustomer(input: CreateCustomerInput): Promise<string>;
  /** The customer's saved cards, newest first. */
  listPaymentMethods(customerId: string): Promise<SavedCard[]>;
  /** Removes one of the customer's saved cards; false when it is not one of theirs (or is gone already). */
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<boolean>;
  /**
   * Verifies a webhook request (signature over the raw body) and returns its event. Throws when the
   * signature is wrong or the provider takes no webhooks.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
