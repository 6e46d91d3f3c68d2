import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderUpdatesAnswerSchema,
  orderUpdatesChangeSchema,
  pushKeyAnswerSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
} from '@shop/shared/contract/order-updates';
import { trackParamsSchema } from '@shop/shared/contract/staff-orders';
import { errorAnswers } from '../../http/route-schemas';
import { vapidKeys } from './keys';
import { changeOrderUpdates, readOrderUpdates, subscribeToOrder, unsubscribeFromOrder } from './service';

/**
 * An order's updates to its customer (decision 1702): Web Push to the browsers that asked on the tracking page, and
 * texts to the order's phone. Whoever holds the order's tracking link manages them, as they see the order.
 */
export const orderUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order updates'];
  app.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: "The shop's VAPID public key: a browser subscribes to Web Push with it",
        response: { 200: pushKeyAnswerSchema, ...errorAnswers },
      },
    },
    async () => ({ publicKey: (await vapidKeys(app)).publicKey }),
  );

  app.get(
    '/track/:token/updates',
    {
      schema: {
        tags,
        summary: 'Which updates of the order the shop sends (Web Push, texts) and which the customer has on',
        params: trackParamsSchema,
        response: { 200: orderUpdatesAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => readOrderUpdates(app, request.params.token),
  );

  app.put(
    '/track/:token/updates',
    {
      schema: {
        tags,
        summary: "Turn the order's Web Push or text updates off (false) or back on (true)",
        params: trackParamsSchema,
        body: orderUpdatesChangeSchema,
        response: { 200: orderUpdatesAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => changeOrderUpdates(app, request.params.token, request.body),
  );

  app.post(
    '/track/:token/push',
    {
      schema: {
        tags,
        summary: "This browser gets the order's updates by Web Push (PushSubscription.toJSON())",
        description:
          '422 PUSH_ENDPOINT_REFUSED when the endpoint is not an https URL of a public push service; 422 PUSH_UPDATES_OFF when the shop sends no notifications.',
        params: trackParamsSchema,
        body: pushSubscribeBodySchema,
        response: { 200: orderUpdatesAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => subscribeToOrder(app, request.params.token, request.body),
  );

  app.delete(
    '/track/:token/push',
    {
      schema: {
        tags,
        summary: "This browser's Web Push updates of the order stop",
        params: trackParamsSchema,
        body: pushUnsubscribeBodySchema,
        response: { 200: orderUpdatesAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => unsubscribeFromOrder(app, request.params.token, request.body.endpoint),
  );
};
