import type { CreatePaymentIntentAnswer } from '@shop/shared/contract/orders';
import { penceToPounds } from '@shop/shared/domain/money';
import type { ServiceContext } from '../../context';
import type { TrackPaymentAnswer } from '@shop/shared/contract/staff-orders';
import { recordCardOrder, trackingPath, type CardOrderAwaitingPayment, type CardOrderRequest, type OrderRequest } from '../orders/public';
import { HttpError } from '../../http-errors';
import { openPaymentIntent, type Payer } from './intents';
import { paymentConfig } from './provider';
import type { PaymentProvider } from './provider-types';
import { ensurePaymentCustomer, paymentCustomerOf } from './saved-cards';

/**
 * `POST /api/create-payment-intent`: the orders module prices and checks the order and records it waiting for its
 * payment (seen by nobody but its customer); its provider's payment intent is opened for exactly that amount.
 */
export async function startCardOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  { provider, user, input, idempotencyKey }: OrderRequest<CardOrderRequest> & { provider: PaymentProvider },
): Promise<CreatePaymentIntentAnswer> {
  if (input.saveCard && !user) throw new HttpError('VALIDATION_FAILED', SAVE_CARD_SIGNED_IN);
  const order = await recordCardOrder(ctx, { user, input, idempotencyKey });
  const payer = await payerOf(ctx, provider, order, input.saveCard === true);
  return { ...(await openOrderPayment(ctx, { provider, order, payer })), trackingUrl: trackingPath(order.trackingToken) };
}

export const SAVE_CARD_SIGNED_IN = 'saveCard: sign in to save a card for next time';

/**
 * Whose the intent is at the provider: a signed-in customer's customer when they have one (so a saved card can pay)
 * or are saving a card now (created then); nobody's for a guest.
 */
async function payerOf(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  provider: PaymentProvider,
  order: CardOrderAwaitingPayment,
  saveCard: boolean,
): Promise<Payer> {
  const userId = order.customer.id;
  if (!userId) return { customerId: null, saveCard: false };
  const customerId = saveCard
    ? await ensurePaymentCustomer(ctx, provider, { id: userId, email: order.customer.email })
    : await paymentCustomerOf(ctx.db, provider, userId);
  return { customerId, saveCard };
}

/**
 * The card form's part of a card order waiting for its payment: its provider's intent (opened for exactly its total
 * the first time, the same one after) and what the form needs to confirm it. A storefront card order's start, and a
 * payment link's page (the order taken by phone, paid on its tracking page).
 */
export async function openOrderPayment(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  { provider, order, payer }: { provider: PaymentProvider; order: CardOrderAwaitingPayment; payer?: Payer },
): Promise<TrackPaymentAnswer> {
  const intent = await openPaymentIntent(ctx, { provider, order, customer: order.customer, payer });
  return { clientSecret: intent.clientSecret, orderId: order.id, ...paymentConfig(provider), amount: penceToPounds(order.total) };
}
