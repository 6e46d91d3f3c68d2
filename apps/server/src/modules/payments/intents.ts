import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { writeOrderMoney } from '../orders/public';
import type { PaymentProvider, ProviderIntent } from './provider-types';

/** Whose the intent is at the provider: the customer's customer there, and whether the card is kept for them. */
export interface Payer {
  customerId: string | null;
  saveCard: boolean;
}

/** A card order waiting for payment, as opening its intent needs it. */
export interface PayableOrder {
  id: string;
  /** Pence, as the server priced it. */
  total: number;
  paymentIntentId: string | null;
}

/**
 * Records an intent opened for a card order as the order's (in payments, before it can be handed out), so a
 * payment on it finds its order whichever intent the order is linked to (decision 0400). A second call for the
 * same intent changes nothing.
 */
export async function recordIntent(
  db: Db,
  provider: PaymentProvider['kind'],
  owner: { orderId: string; userId: string | null },
  intent: ProviderIntent,
  now: Date,
): Promise<void> {
  await db
    .insert(payments)
    .values({
      userId: owner.userId,
      orderId: owner.orderId,
      provider,
      intentId: intent.id,
      amount: intent.amount,
      status: intent.status,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The provider's payment intent for a card order, the same one for every request about the order (decision 0400):
 * created for exactly the order's total the first time, with an idempotency key of the order's own so that
 * parallel or retried creates give the same intent at the provider; recorded as the order's; then linked to the
 * order with a compare-and-set. Only the intent the order is linked to is ever answered: a request that opened
 * another one (the provider forgot the key, or did not honour it) answers the linked intent instead, and its own
 * stays recorded as the order's, never handed out.
 */
export async function openPaymentIntent(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'now'>,
  {
    provider,
    order,
    customer,
    payer,
  }: { provider: PaymentProvider; order: PayableOrder; customer: { id: string | null; email: string }; payer?: Payer | undefined },
): Promise<ProviderIntent> {
  const { db, log } = ctx;
  const now = ctx.now();
  const retrieve = async (id: string) => {
    try {
      return await provider.retrieveIntent(id);
    } catch (error) {
      log.error({ err: error, orderId: order.id, intentId: id }, 'payment intent could not be retrieved');
      throw new HttpError('PAYMENT_PROVIDER_ERROR', 'The card payment could not be started. Please try again.');
    }
  };
  if (order.paymentIntentId) return retrieve(order.paymentIntentId);
  let intent: ProviderIntent;
  try {
    intent = await provider.createIntent({
      amount: order.total,
      orderId: order.id,
      email: customer.email,
      idempotencyKey: `order-${order.id}`,
      ...(payer?.customerId ? { customerId: payer.customerId, saveCard: payer.saveCard } : {}),
    });
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'payment intent could not be created');
    throw new HttpError('PAYMENT_PROVIDER_ERROR', 'The card payment could not be started. Please try again.');
  }
  await recordIntent(db, provider.kind, { orderId: order.id, userId: customer.id }, intent, now);
  const linked = await writeOrderMoney(db, order.id, { paymentIntentId: intent.id }, { noIntent: true }, now);
  if (linked) return intent;
  // Another request linked an intent first (a waiting UPDATE re-reads the row once that one commits).
  const [current] = await db.select({ paymentIntentId: orders.paymentIntentId }).from(orders).where(eq(orders.id, order.id)).limit(1);
  const linkedId = current?.paymentIntentId;
  if (!linkedId || linkedId === intent.id) return intent;
  log.warn(
    { orderId: order.id, linkedIntentId: linkedId, unusedIntentId: intent.id },
    'a second intent was opened for an order: answering the linked one',
  );
  return retrieve(linkedId);
}
