import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedAnswerSchema } from '@shop/shared/contract/catalogue';
import { promotionWireSchema, promotionWriteSchema } from '@shop/shared/contract/promotions';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission } from '../auth/public';
import { archivePromotion, createPromotion, listPromotions, updatePromotion } from './service';

/** Promotions (decision 1600): the owner's and managers' codes and automatic offers. */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promotions'];
  app.get(
    '/promotions',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'The promotions (not archived), codes first, with their uses',
        response: { 200: z.array(promotionWireSchema), ...errorAnswers },
      },
    },
    async () => listPromotions(app),
  );
  app.post(
    '/promotions',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Add a promotion: a code, or an automatic offer',
        body: promotionWriteSchema,
        response: { 201: promotionWireSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromotion(app, request.body, actorOf(currentUser(request)))),
  );
  app.put(
    '/promotions/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Replace a promotion (the whole body, as POST)',
        params: idParams,
        body: promotionWriteSchema,
        response: { 200: promotionWireSchema, ...errorAnswers },
      },
    },
    async (request) => updatePromotion(app, request.params.id, request.body, actorOf(currentUser(request))),
  );
  app.delete(
    '/promotions/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Archive a promotion (it stops applying; its code is free again)',
        params: idParams,
        response: { 200: deletedAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => archivePromotion(app, request.params.id, actorOf(currentUser(request))),
  );
};
