import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { testPaymentConfirmSchema, type PaymentConfig, type TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import { payments } from '../db/schema';
import { HttpError } from '../http-errors';
import { currentUser, requireUser } from '../modules/auth/guards';
import { applyPaymentEvent } from '../modules/orders/service';
import { paymentConfig, paymentProvider } from './provider';
import { testCardOutcome } from './test-cards';
import { intentIdFromSecret, NO_SUCH_INTENT } from './test-provider';

function testEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

/** Card payment routes beyond the spec: the provider in use, Stripe's webhook, and the test provider's confirm. */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/payment-config', async (): Promise<PaymentConfig> => paymentConfig(paymentProvider(app)));

  // Stripe signs the exact bytes it sent, so this route alone reads its body raw instead of as JSON.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/stripe/webhook', async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = paymentProvider(app).verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
      const { duplicate } = await applyPaymentEvent(app, event);
      return { received: true, duplicate };
    });
  });

  app.post('/test-payments/confirm', { preHandler: requireUser }, async (request): Promise<TestPaymentConfirmAnswer> => {
    const provider = paymentProvider(app);
    if (provider.kind !== 'test') throw new HttpError(404, 'Card payments are live: confirm them with Stripe');
    const user = currentUser(request);
    const input = testPaymentConfirmSchema.parse(request.body);
    const intentId = intentIdFromSecret(input.clientSecret);
    if (!intentId) throw new HttpError(404, NO_SUCH_INTENT);
    const payment = (await app.db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1))[0];
    if (!payment || payment.userId !== user.id || !payment.orderId) throw new HttpError(404, NO_SUCH_INTENT);
    if (payment.status === 'succeeded') return { status: 'succeeded', orderId: payment.orderId };

    const outcome = testCardOutcome(input.cardNumber, input.exp, input.cvc, app.now());
    const intent = { id: payment.intentId, amount: payment.amount, orderId: payment.orderId };
    if (!outcome.ok) {
      await applyPaymentEvent(app, {
        id: testEventId(),
        type: 'payment_intent.payment_failed',
        intent: { ...intent, status: 'requires_payment_method', failureMessage: outcome.message },
      });
      throw new HttpError(402, outcome.message);
    }
    await applyPaymentEvent(app, { id: testEventId(), type: 'payment_intent.succeeded', intent: { ...intent, status: 'succeeded', failureMessage: null } });
    return { status: 'succeeded', orderId: payment.orderId };
  });
};
