import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentIntentAnswerSchema,
  createPaymentIntentRequestSchema,
  paymentConfigSchema,
  refundAnswerSchema,
  refundRequestSchema,
  testPaymentConfirmAnswerSchema,
  testPaymentConfirmSchema,
  webhookAnswerSchema,
  type PaymentConfig,
  type RefundAnswer,
  type TestPaymentConfirmAnswer,
} from '@shop/shared/contract/orders';
import {
  paymentMethodParamsSchema,
  savedCardRemovedSchema,
  savedCardsAnswerSchema,
  type SavedCardsAnswer,
} from '@shop/shared/contract/payment-methods';
import { poundsToPence } from '@shop/shared/domain/money';
import { DEFAULT_COUNTER_REFUND_LIMIT } from '@shop/shared/domain/roles';
import { HttpError } from '../../http-errors';
import { readIdempotencyKey } from '../../http/idempotency-key';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission, requireUser } from '../auth/public';
import { customerOrGuest, GUEST_NOTE, IDEMPOTENCY_NOTE, orderId } from '../orders/public';
import { readShopSettings } from '../settings/public';
import { startCardOrder } from './checkout';
import { receivePaymentEvent, refundOrderPayment } from './money';
import { cardPaymentProvider, paymentProvider, shopPaymentConfig } from './provider';
import { listSavedCards, removeSavedCard } from './saved-cards';
import { confirmTestPayment } from './test-confirm';

/**
 * Card payment routes beyond the spec: a card order's start (DESIGN.md), refunds, the provider in use, Stripe's
 * webhook, the test provider's confirm, and a signed-in customer's saved cards.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['orders'],
        summary: 'Start a card order: the server prices it and opens a payment for that amount',
        description: `${IDEMPOTENCY_NOTE} ${GUEST_NOTE}`,
        body: createPaymentIntentRequestSchema,
        response: { 200: createPaymentIntentAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const user = await customerOrGuest(app, request, reply);
      return startCardOrder(app, { provider: cardPaymentProvider(app), user, input: request.body, idempotencyKey: key });
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      preValidation: requirePermission('refund'),
      schema: {
        tags: ['orders'],
        summary: 'Refund part of a captured card order (pounds, never more than what is left), with a reason',
        description:
          'A role without `refundAny` (the counter) refunds at most the shop’s counterRefundLimit of one order in all (403 REFUND_OVER_LIMIT).',
        params: idParams,
        body: refundRequestSchema,
        response: { 201: refundAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply): Promise<RefundAnswer> => {
      const id = orderId(request.params.id);
      const amount = poundsToPence(request.body.amount);
      if (amount === null) throw new HttpError('VALIDATION_FAILED', 'amount: must be pounds with at most two decimals, such as 4.50');
      const user = currentUser(request);
      const limit = poundsToPence((await readShopSettings(app.db, app.config.shop)).counterRefundLimit) ?? DEFAULT_COUNTER_REFUND_LIMIT;
      const answer = await refundOrderPayment(app, {
        orderId: id,
        amount,
        reason: request.body.reason,
        actor: actorOf(user),
        limit: { role: user.role, counterRefundLimit: limit },
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/payment-methods',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The signed-in customer’s saved cards: brand, last four digits and expiry (the provider keeps them)',
        response: { 200: savedCardsAnswerSchema, ...errorAnswers },
      },
    },
    async (request): Promise<SavedCardsAnswer> => {
      // A shop that takes cash only has no cards to show.
      if (app.config.cardPayments === 'off') return [];
      return listSavedCards(app, paymentProvider(app), currentUser(request).id);
    },
  );

  app.delete(
    '/payment-methods/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Remove one of the signed-in customer’s saved cards (404 for any card not theirs)',
        params: paymentMethodParamsSchema,
        response: { 200: savedCardRemovedSchema, ...errorAnswers },
      },
    },
    async (request) => {
      if (app.config.cardPayments === 'off') throw new HttpError('PAYMENT_METHOD_NOT_FOUND', 'No saved card with that id');
      await removeSavedCard(app, paymentProvider(app), currentUser(request).id, request.params.id);
      return { removed: true as const };
    },
  );

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
      const { duplicate } = await receivePaymentEvent(app, event);
      return { received: true as const, duplicate };
    });
  });

  app.post(
    '/test-payments/confirm',
    {
      schema: {
        tags,
        summary:
          'Pay with a test card, the test wallet or a saved test card (the offline test provider only; 404 when card payments are live)',
        body: testPaymentConfirmSchema,
        response: { 200: testPaymentConfirmAnswerSchema, ...errorAnswers },
      },
    },
    async (request): Promise<TestPaymentConfirmAnswer> => {
      if (paymentProvider(app).kind !== 'test')
        throw new HttpError('TEST_PAYMENTS_DISABLED', 'Card payments are live: confirm them with Stripe');
      return confirmTestPayment(app, request.user?.id ?? null, request.body);
    },
  );
};
