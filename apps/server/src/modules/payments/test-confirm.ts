import { and, eq, inArray } from 'drizzle-orm';
import type { TestPaymentConfirm, TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import { orderNotPlacedMessage } from '@shop/shared/domain/messages';
import type { ServiceContext } from '../../context';
import { payments } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { receivePaymentEvent } from './money';
import { applyPaymentEvent } from './payment-events';
import { testCardOutcome } from './test-cards';
import { intentIdFromSecret, NO_SUCH_INTENT, testEventId } from './test-provider';

/** Stripe's statuses of an intent that a card may still be confirmed on. */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * The test provider's confirm step (what Stripe.js does with Stripe): the customer's test card decides, and the
 * outcome goes through the same handling as Stripe's webhook events. A good card authorises only, as Stripe does
 * for an intent with `capture_method: manual`: the intent then `requires_capture` (the money is held, the order is
 * placed) until the shop accepts the order. Only the intent's own customer may confirm an account's intent; anyone
 * else, like a forged secret, gets 404. A declined card answers 402 with Stripe's message.
 */
export async function confirmTestPayment(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  userId: string | null,
  input: TestPaymentConfirm,
): Promise<TestPaymentConfirmAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  const intentId = intentIdFromSecret(input.clientSecret);
  if (!intentId) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  const payment = (await db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1))[0];
  // An account's payment is its own; one without an account (a guest's, a payment link's) is confirmed by whoever
  // holds its client secret, as Stripe's are.
  if (!payment || (payment.userId !== null && payment.userId !== userId) || !payment.orderId)
    throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  // Confirmed already (held, or taken since): the same answer again.
  if (payment.status === 'requires_capture' || payment.status === 'succeeded') return { status: payment.status, orderId: payment.orderId };
  if (!CONFIRMABLE.includes(payment.status)) throw new HttpError('CARD_DECLINED', 'This payment can no longer be completed.');

  const outcome = testCardOutcome(input.cardNumber, input.exp, input.cvc, now);
  const intent = { id: payment.intentId, amount: payment.amount, orderId: payment.orderId };
  if (!outcome.ok) {
    const failed = { ...intent, status: 'requires_payment_method', failureMessage: outcome.message };
    await applyPaymentEvent(ctx, { id: testEventId(), type: 'payment_intent.payment_failed', intent: failed });
    throw new HttpError('CARD_DECLINED', outcome.message);
  }
  // The provider's state first (held), then its event, as Stripe would send it.
  await db
    .update(payments)
    .set({ status: 'requires_capture', updatedAt: now })
    .where(and(eq(payments.intentId, intentId), inArray(payments.status, CONFIRMABLE)));
  const { refused } = await receivePaymentEvent(ctx, {
    id: testEventId(),
    type: 'payment_intent.amount_capturable_updated',
    intent: { ...intent, status: 'requires_capture', failureMessage: null },
  });
  if (refused) throw new HttpError('ORDER_NOT_PLACED', orderNotPlacedMessage(refused.reason));
  return { status: 'requires_capture', orderId: payment.orderId };
}
