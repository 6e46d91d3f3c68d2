import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { objectIdSchema } from '@shop/shared/contract/cart';
import { idempotencyKeySchema } from '@shop/shared/contract/orders';
import { orderingStatus } from '@shop/shared/domain/opening-hours';
import { HttpError } from '../../http-errors';
import { paymentRoutes } from '../../payments/routes';
import { assertSelfOrAdmin, currentUser, requireUser } from '../auth/guards';
import { getOrder, listCustomerNotifications, listOrderHistory, ORDER_NOT_FOUND, placeCashOrder, startCardOrder } from './service';

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}

type EmailParams = { Params: { email: string } };

// Paths as the spec spells them (SPEC.md section 7), plus the card payment routes of DESIGN.md.
export const orderRoutes: FastifyPluginAsync = async (app) => {
  app.post('/buy-product', { preHandler: requireUser }, async (request, reply) => {
    const { orderId, created } = await placeCashOrder(app, currentUser(request), request.body, idempotencyKey(request));
    if (!created) reply.header('idempotent-replayed', 'true');
    return reply.code(created ? 201 : 200).send({ insertedId: orderId });
  });

  app.get<{ Params: { id: string } }>('/buy-product/:id', { preHandler: requireUser }, async (request) => {
    const id = objectIdSchema.safeParse(request.params.id);
    if (!id.success) throw new HttpError(404, ORDER_NOT_FOUND);
    return getOrder(app.db, currentUser(request), id.data);
  });

  app.post('/create-payment-intent', { preHandler: requireUser }, async (request) =>
    startCardOrder(app, currentUser(request), request.body, idempotencyKey(request)),
  );

  app.get<EmailParams>('/my-product/:email', { preHandler: requireUser }, async (request) => {
    assertSelfOrAdmin(request, request.params.email);
    return listCustomerNotifications(app.db, request.params.email);
  });

  app.get<EmailParams>('/my-product-history/:email', { preHandler: requireUser }, async (request) => {
    assertSelfOrAdmin(request, request.params.email);
    return listOrderHistory(app.db, request.params.email);
  });

  // The browser's clock may differ from the shop's (SHOP_TIME), so checkout asks the server whether it takes orders.
  app.get('/opening-status', async () => orderingStatus(app.now()));

  await app.register(paymentRoutes);
};
