import type { FastifyPluginAsync } from 'fastify';
import { testPaymentConfirmSchema, type PaymentConfig, type TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import { HttpError } from '../../http-errors';
import { currentUser, requireUser } from '../auth/public';
import { applyPaymentEvent } from './payment-events';
import { paymentProvider, shopPaymentConfig } from './provider';
import { confirmTestPayment } from './test-confirm';

/** Card payment routes beyond the spec: the provider in use, Stripe's webhook, and the test provider's confirm. */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/payment-config', async (): Promise<PaymentConfig> => shopPaymentConfig(app));

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
    if (paymentProvider(app).kind !== 'test')
      throw new HttpError('TEST_PAYMENTS_DISABLED', 'Card payments are live: confirm them with Stripe');
    const user = currentUser(request);
    const input = testPaymentConfirmSchema.parse(request.body);
    return confirmTestPayment(app, user.id, input);
  });
};
