import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderReceiptSchema } from '@shop/shared/contract/settings';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { currentUser, requireUser } from '../auth/public';
import { readOrderReceipt } from './service';

/** An order's receipt (decision 1002): the trader, and the VAT included per rate for a VAT-registered shop. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'An order’s receipt: who it is from, and the VAT included per rate (its customer, or an admin)',
        params: idParams,
        response: { 200: orderReceiptSchema, ...errorAnswers },
      },
    },
    async (request) => readOrderReceipt(app, currentUser(request), request.params.id),
  );
};
