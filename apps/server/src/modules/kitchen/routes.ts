import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderSlotsAnswerSchema, shopStatusAnswerSchema, shopStatusUpdateSchema } from '@shop/shared/contract/shop-status';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers } from '../../http/route-schemas';
import { currentUser, requirePermission } from '../auth/public';
import { readOrderSlots, updateShopStatus } from './service';

/** The shop's live state (decision 0901): busy mode and the pause (admins), and the slots to order ahead for (anyone). */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['kitchen'];
  app.put(
    '/shop-status',
    {
      preValidation: requirePermission('shopStatus'),
      schema: {
        tags,
        summary: 'Busy mode and the pause: on for a while, on until turned off, or off; answers the opening status',
        description:
          '`{busy: {extraMinutes, forMinutes | null}}` adds extraMinutes (5-120) to the quote for forMinutes (5-720; null = until turned off); `{pause: {forMinutes}}` (5-240) or `{pause: {untilEndOfDay: true}}` takes no order for as soon as possible until then; `{busy: null}` and `{pause: null}` turn them off. Both end by themselves on the shop clock.',
        body: shopStatusUpdateSchema,
        response: { 200: shopStatusAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => updateShopStatus(app, request.body, currentUser(request).id),
  );
  app.get(
    '/order-slots',
    {
      config: PUBLIC_ANSWER,
      schema: {
        tags,
        summary: 'The 15-minute slots an order may be scheduled for today and tomorrow, and whether “as soon as possible” is taken now',
        response: { 200: orderSlotsAnswerSchema, ...errorAnswers },
      },
    },
    async () => readOrderSlots(app),
  );
};
