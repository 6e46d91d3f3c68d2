import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffCustomerQuerySchema,
  staffCustomersAnswerSchema,
  staffOrderAnswerSchema,
  staffOrderRequestSchema,
} from '@shop/shared/contract/staff-orders';
import { readIdempotencyKey } from '../../http/idempotency-key';
import { errorAnswers } from '../../http/route-schemas';
import { currentUser, requirePermission } from '../auth/public';
import { IDEMPOTENCY_NOTE } from '../orders/public';
import { findCallers } from './callers';
import { takeStaffOrder } from './take-order';

/** New order in the back office (decision 1500): the caller found by their number, and the order taken for them. */
export const staffOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff orders'];
  app.get(
    '/staff/customers',
    {
      preValidation: requirePermission('takeOrders'),
      schema: {
        tags,
        summary: 'Who a phone number belongs to (any UK spelling): accounts and earlier callers, with addresses and last orders',
        querystring: staffCustomerQuerySchema,
        response: { 200: staffCustomersAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ customers: await findCallers(app.db, request.query.phone) }),
  );

  app.post(
    '/staff/orders',
    {
      preValidation: requirePermission('takeOrders'),
      schema: {
        tags,
        summary: 'Take a phone or counter order: placed by the one placement, on the board marked PHONE or COUNTER',
        description: `Every rule of a storefront order holds (hours or a free slot, the delivery zones, the minimum, sold out, capacity) except the customer limits. payment: "cash" (paid when handed over), "paid-at-counter" (with tender "cash" or "card": placed paid), "payment-link" (the order waits for its card; the link is e-mailed or texted, and linkError says why when it could not be). ${IDEMPOTENCY_NOTE}`,
        body: staffOrderRequestSchema,
        response: { 201: staffOrderAnswerSchema, 200: staffOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { answer, created } = await takeStaffOrder(app, {
        staff: currentUser(request),
        input: request.body,
        idempotencyKey: readIdempotencyKey(request),
      });
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
};
