import type { CreatePaymentIntentAnswer } from '@shop/shared/contract/orders';
import { penceToPounds } from '@shop/shared/domain/money';
import type { ServiceContext } from '../../context';
import type { TrackPaymentAnswer } from '@shop/shared/contract/staff-orders';
import { recordCardOrder, trackingPath, type CardOrderAwaitingPayment, type CardOrderRequest, type OrderRequest } from '../orders/public';
import { openPaymentIntent } from './intents';
import { paymentConfig } from './provider';
import type { PaymentProvider } from './provider-types';

/**
 * `POST /api/create-payment-intent`: the orders module prices and checks the order and records it waiting for its
 * payment (seen by nobody but its customer); its provider's payment intent is opened for exactly that amount.
 */
export async function startCardOrder(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  { provider, user, input, idempotencyKey }: OrderRequest<CardOrderRequest> & { provider: PaymentProvider },
): Promise<CreatePaymentIntentAnswer> {
  const order = await recordCardOrder(ctx, { user, input, idempotencyKey });
  return { ...(await openOrderPayment(ctx, { provider, order })), trackingUrl: trackingPath(order.trackingToken) };
}

/**
 * The card form's part of a card order waiting for its payment: its provider's intent (opened for exactly its total
 * the first time, the same one after) and what the form needs to confirm it. A storefront card order's start, and a
 * payment link's page (the order taken by phone, paid on its tracking page).
 */
export async function openOrderPayment(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  { provider, order }: { provider: PaymentProvider; order: CardOrderAwaitingPayment },
): Promise<TrackPaymentAnswer> {
  const intent = await openPaymentIntent(ctx, { provider, order, customer: order.customer });
  return { clientSecret: intent.clientSecret, orderId: order.id, ...paymentConfig(provider), amount: penceToPounds(order.total) };
}
