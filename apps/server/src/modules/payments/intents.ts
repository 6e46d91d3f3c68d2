import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { orders, payments } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { PaymentProvider, ProviderIntent } from './provider';

/** A card order waiting for payment, as opening its intent needs it. */
export interface PayableOrder {
  id: string;
  /** Pence, as the server priced it. */
  total: number;
  paymentIntentId: string | null;
}

/**
 * The provider's payment intent for a card order: created for exactly the order's total the first time (the
 * provider's idempotency key makes a retried create give the same intent), then linked to the order and recorded
 * in payments; retrieved on later calls.
 */
export async function openPaymentIntent(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'now'>,
  { provider, order, customer }: { provider: PaymentProvider; order: PayableOrder; customer: { id: string; email: string } },
): Promise<ProviderIntent> {
  const { db, log } = ctx;
  const now = ctx.now();
  let intent: ProviderIntent;
  try {
    intent = order.paymentIntentId
      ? await provider.retrieveIntent(order.paymentIntentId)
      : await provider.createIntent({ amount: order.total, orderId: order.id, email: customer.email, idempotencyKey: `order-${order.id}` });
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'payment intent could not be created');
    throw new HttpError(502, 'The card payment could not be started. Please try again.');
  }
  if (!order.paymentIntentId) {
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ paymentIntentId: intent.id })
        .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
      await tx
        .insert(payments)
        .values({
          userId: customer.id,
          orderId: order.id,
          provider: provider.kind,
          intentId: intent.id,
          amount: intent.amount,
          status: intent.status,
          createdAt: now,
        })
        .onConflictDoNothing();
    });
  }
  return intent;
}
