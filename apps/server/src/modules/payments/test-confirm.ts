import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestPaymentConfirm, TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import type { ServiceContext } from '../../context';
import { payments } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { applyPaymentEvent } from './payment-events';
import { testCardOutcome } from './test-cards';
import { intentIdFromSecret, NO_SUCH_INTENT } from './test-provider';

function testEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

/**
 * The test provider's confirm step (what Stripe.js does with Stripe): the customer's test card decides, and the
 * outcome goes through the same handling as Stripe's webhook events. Only the intent's own customer may confirm
 * it; anyone else, like a forged secret, gets 404. A declined card answers 402 with Stripe's message.
 */
export async function confirmTestPayment(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  userId: string,
  input: TestPaymentConfirm,
): Promise<TestPaymentConfirmAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  const intentId = intentIdFromSecret(input.clientSecret);
  if (!intentId) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  const payment = (await db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1))[0];
  if (!payment || payment.userId !== userId || !payment.orderId) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  if (payment.status === 'succeeded') return { status: 'succeeded', orderId: payment.orderId };

  const outcome = testCardOutcome(input.cardNumber, input.exp, input.cvc, now);
  const intent = { id: payment.intentId, amount: payment.amount, orderId: payment.orderId };
  if (!outcome.ok) {
    const failed = { ...intent, status: 'requires_payment_method', failureMessage: outcome.message };
    await applyPaymentEvent(ctx, { id: testEventId(), type: 'payment_intent.payment_failed', intent: failed });
    throw new HttpError('CARD_DECLINED', outcome.message);
  }
  await applyPaymentEvent(ctx, {
    id: testEventId(),
    type: 'payment_intent.succeeded',
    intent: { ...intent, status: 'succeeded', failureMessage: null },
  });
  return { status: 'succeeded', orderId: payment.orderId };
}
