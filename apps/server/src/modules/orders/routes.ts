import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { objectIdSchema } from '@shop/shared/contract/cart';
import {
  buyProductRequestSchema,
  createPaymentIntentRequestSchema,
  idempotencyKeySchema,
  updateOrderStatusRequestSchema,
  type OrderWire,
  type UpdateOrderStatusAnswer,
} from '@shop/shared/contract/orders';
import { orderPeriodSchema } from '@shop/shared/contract/summary';
import { orderingStatus } from '@shop/shared/domain/opening-hours';
import { orderStatusSchema } from '@shop/shared/domain/order-status';
import { HttpError } from '../../http-errors';
import { assertSelfOrAdmin, currentUser, requireAdmin, requireUser } from '../auth/public';
import { cardPaymentProvider } from '../payments/public';
import { placeCashOrder, startCardOrder } from './placement';
import { getOrder, listOrderHistory, listShopOrders, ORDER_NOT_FOUND } from './reads';
import { updateOrderStatus } from './status';

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new HttpError('INVALID_IDEMPOTENCY_KEY', parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}

type EmailParams = { Params: { email: string } };
type IdParams = { Params: { id: string } };

/** An order id from the path; a malformed one cannot name an order, so it answers as a missing one. */
function orderId(raw: string): string {
  const id = objectIdSchema.safeParse(raw);
  if (!id.success) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return id.data;
}

/**
 * `GET /api/buy-product?status=&period=&page=`: optional status and period filters (period: today, lastDay,
 * lastWeek, lastMonth in Europe/London) and a 1-based page (of ORDERS_PAGE_SIZE).
 */
const shopOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  period: orderPeriodSchema.optional(),
  page: z.coerce
    .number('page must be a whole number from 1')
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000)
    .default(1),
});

// Paths as the spec spells them (SPEC.md section 7), plus the card order route of DESIGN.md. The payment routes
// are the payments module's; the customer's notification feed is the notifications module's.
export const orderRoutes: FastifyPluginAsync = async (app) => {
  app.post('/buy-product', { preHandler: requireUser }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const input = buyProductRequestSchema.parse(request.body);
    const { orderId, created } = await placeCashOrder(app, { user, input, idempotencyKey: key });
    if (!created) reply.header('idempotent-replayed', 'true');
    return reply.code(created ? 201 : 200).send({ insertedId: orderId });
  });

  // The spec's "all orders", for the back office: the orders the shop sees, newest first, a page at a time.
  app.get('/buy-product', { preHandler: requireAdmin }, async (request, reply): Promise<OrderWire[]> => {
    const query = shopOrderQuerySchema.parse(request.query ?? {});
    const { orders, total } = await listShopOrders(app, query);
    reply.header('x-total-count', String(total));
    return orders;
  });

  app.get<IdParams>('/buy-product/:id', { preHandler: requireUser }, async (request) =>
    getOrder(app.db, currentUser(request), orderId(request.params.id)),
  );

  app.put<IdParams>('/update-sell-products/:id', { preHandler: requireAdmin }, async (request): Promise<UpdateOrderStatusAnswer> => {
    const id = orderId(request.params.id);
    const { status } = updateOrderStatusRequestSchema.parse(request.body ?? {});
    return updateOrderStatus(app, currentUser(request), id, status);
  });

  app.post('/create-payment-intent', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const input = createPaymentIntentRequestSchema.parse(request.body);
    return startCardOrder(app, { provider: cardPaymentProvider(app), user, input, idempotencyKey: key });
  });

  app.get<EmailParams>('/my-product-history/:email', { preHandler: requireUser }, async (request) => {
    const reader = assertSelfOrAdmin(request, request.params.email);
    return listOrderHistory(app.db, request.params.email, reader);
  });

  // The browser's clock may differ from the shop's (SHOP_TIME), so checkout asks the server whether it takes orders.
  app.get('/opening-status', async () => orderingStatus(app.now()));
};
