import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackAnswerSchema, trackParamsSchema, trackPaymentAnswerSchema } from '@shop/shared/contract/staff-orders';
import { errorAnswers } from '../../http/route-schemas';
import { awaitingPaymentOf, readTrackedOrder } from '../orders/public';
import { cardPaymentProvider, openOrderPayment } from '../payments/public';

/**
 * An order's tracking page (decision 1500): whoever holds its unguessable link sees the order's status, lines,
 * totals and times, and nothing else of the shop; a payment link's order (or a guest's card order not paid yet)
 * is paid there. The page hears of changes on the socket, joined with the same token.
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  app.get(
    '/track/:token',
    {
      schema: {
        tags,
        summary: 'An order by its tracking link: status, lines, totals and times (404 for an unknown link)',
        params: trackParamsSchema,
        response: { 200: trackAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const order = await readTrackedOrder(app.db, request.params.token);
      return { ...order, delivery: await app.deliveryProgress(app.db, order._id) };
    },
  );

  app.get(
    '/track/:token/payment',
    {
      schema: {
        tags,
        summary: 'The card payment of an order waiting for it (a payment link): what the card form needs',
        description:
          '409 ORDER_ALREADY_PAID when the order is paid, or is not a card order waiting for its payment; 422 CARD_PAYMENTS_OFF when the shop takes no cards.',
        params: trackParamsSchema,
        response: { 200: trackPaymentAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const provider = cardPaymentProvider(app);
      const order = await awaitingPaymentOf(app, request.params.token);
      return openOrderPayment(app, { provider, order });
    },
  );
};
