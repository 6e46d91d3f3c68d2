import type { CreatePaymentIntentAnswer } from '@shop/shared/contract/orders';
import { penceToPounds } from '@shop/shared/domain/money';
import type { ServiceContext } from '../../context';
import { recordCardOrder, type CardOrderRequest, type OrderRequest } from '../orders/public';
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
  const intent = await openPaymentIntent(ctx, { provider, order, customer: user });
  return {
    clientSecret: intent.clientSecret,
    orderId: order.id,
    ...paymentConfig(provider),
    amount: penceToPounds(order.total),
  };
}
