import type { CreatePaymentIntentAnswer } from '@shop/shared/contract/orders';

/** What the page gives either card form (the test provider's or Stripe's). */
export interface CardFormProps {
  /** '£36.18', for the Pay button. */
  amountLabel: string;
  /** The billing e-mail sent with the card; empty when the page has none (an order paid by its tracking link). */
  email: string;
  /** Why Pay is off, shown under it and naming it (checkPayment's reason); null while it is on. */
  reason: string | null;
  /** The id of the reason's paragraph, for the button's aria-describedby. */
  reasonId: string;
  /**
   * Runs the page's checks and opens the payment; null when a check failed (the page has said why). `saveCard`: a
   * signed-in customer keeps the card they pay with (the provider keeps it).
   */
  startPayment(options?: StartPaymentOptions): Promise<CreatePaymentIntentAnswer | null>;
  /** A signed-in customer: their saved cards are offered, and a new card may be saved. */
  signedIn?: boolean;
  /** Pounds to pay, for the wallets' sheet (Apple Pay, Google Pay, Link); undefined: no wallet buttons. */
  amount?: number | undefined;
  onPaid(orderId: string): void;
  /** The provider's message, e.g. 'Your card was declined.'. */
  onError(message: string): void;
}

export interface StartPaymentOptions {
  saveCard?: boolean;
}
