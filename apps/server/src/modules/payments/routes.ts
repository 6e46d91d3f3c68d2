import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentConfigSchema,
  testPaymentConfirmAnswerSchema,
  testPaymentConfirmSchema,
  webhookAnswerSchema,
  type PaymentConfig,
  type TestPaymentConfirmAnswer,
} from '@shop/shared/contract/orders';
import { HttpError } from '../../http-errors';
import { errorAnswers } from '../../http/route-schemas';
import { currentUser, requireUser } from '../auth/public';
import { applyPaymentEvent } from './payment-events';
import { paymentProvider, shopPaymentConfig } from './provider';
import { confirmTestPayment } from './test-confirm';

/** Card payment routes beyond the spec: the provider in use, Stripe's webhook, and the test provider's confirm. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  app.get(
    '/payment-config',
    {
      schema: {
        tags,
        summary: 'Whether the shop takes cards, and with which provider',
        response: { 200: paymentConfigSchema, ...errorAnswers },
      },
    },
    async (): Promise<PaymentConfig> => shopPaymentConfig(app),
  );

  // Stripe signs the exact bytes it sent, so this route alone reads its body raw instead of as JSON.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const webhook = {
      tags,
      summary: 'Stripe’s events about payments, checked against the `Stripe-Signature` header',
      documentedBody: {
        schema: z
          .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({}) })
          .describe('A Stripe event, as Stripe signed its bytes'),
        contentTypes: ['application/json'],
      },
      response: { 200: webhookAnswerSchema, ...errorAnswers },
    };
    raw.post('/stripe/webhook', { schema: webhook }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = paymentProvider(app).verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
      const { duplicate } = await applyPaymentEvent(app, event);
      return { received: true as const, duplicate };
    });
  });

  app.post(
    '/test-payments/confirm',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pay with a test card (the offline test provider only; 404 when card payments are live)',
        body: testPaymentConfirmSchema,
        response: { 200: testPaymentConfirmAnswerSchema, ...errorAnswers },
      },
    },
    async (request): Promise<TestPaymentConfirmAnswer> => {
      if (paymentProvider(app).kind !== 'test')
        throw new HttpError('TEST_PAYMENTS_DISABLED', 'Card payments are live: confirm them with Stripe');
      const user = currentUser(request);
      return confirmTestPayment(app, user.id, request.body);
    },
  );
};
