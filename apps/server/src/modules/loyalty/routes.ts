import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyAnswerSchema } from '@shop/shared/contract/loyalty';
import { errorAnswers } from '../../http/route-schemas';
import { currentUser, requireUser } from '../auth/public';
import { readLoyalty } from './card';

/** The signed-in customer's stamp card (decision 1601). */
export const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loyalty',
    {
      preValidation: requireUser,
      schema: {
        tags: ['loyalty'],
        summary: 'Your stamp card: the stamps on it, the reward and the latest entries',
        response: { 200: loyaltyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => readLoyalty(app, currentUser(request).id),
  );
};
