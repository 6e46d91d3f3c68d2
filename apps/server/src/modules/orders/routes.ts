import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { objectIdSchema } from '@shop/shared/contract/cart';
import {
  buyProductAnswerSchema,
  buyProductRequestSchema,
  closeDayAnswerSchema,
  closeDayPreviewSchema,
  orderingStatusSchema,
  orderWireSchema,
  shopOrderQuerySchema,
  updateOrderStatusAnswerSchema,
  updateOrderStatusRequestSchema,
  type OrderWire,
  type UpdateOrderStatusAnswer,
} from '@shop/shared/contract/orders';
import { HttpError } from '../../http-errors';
import { readIdempotencyKey } from '../../http/idempotency-key';
import { emailParams, errorAnswers, idParams } from '../../http/route-schemas';
import { actorOf } from '../audit/public';
import {
  assertSelfOrAdmin,
  countAttempt,
  currentUser,
  requirePermission,
  requireUser,
  roleForbidden,
  type SessionUser,
} from '../auth/public';
import { can, statusChangePermission } from '@shop/shared/domain/roles';
import { readOpeningStatus } from '../kitchen/public';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../../http/client-address';
import { closeDay, countLeftOpen } from './close-day';
import { placeCashOrder } from './placement';
import { getOrder, listOrderHistory, listShopOrders, ORDER_NOT_FOUND, trackingPath } from './reads';
import { updateOrder } from './status';

/** An order id from the path; a malformed one cannot name an order, so it answers as a missing one. */
export function orderId(raw: string): string {
  const id = objectIdSchema.safeParse(raw);
  if (!id.success) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return id.data;
}

const tags = ['orders'];
export const GUEST_NOTE =
  'Without a session the body names the guest (`guest: {name, email, phone}`) and, for a delivery, the address itself (`address`); a signed-in customer sends neither. The answer’s `trackingUrl` is the order’s tracking page.';

/**
 * Orders without a session from one network address in an hour (both order routes together), beyond the guest's
 * own limits by e-mail, number and address: enough for a busy office ordering lunch one by one.
 */
export const GUEST_ORDERS_PER_ADDRESS = { max: 30, timeWindow: 60 * 60_000 };

/**
 * The storefront's orderer: the signed-in customer, or null for a guest (the body then says who), whose requests are
 * counted per network address first.
 */
export async function customerOrGuest(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  if (request.user) return request.user;
  const address = clientAddressKey(request.ip);
  await countAttempt(app.db, reply, 'guest-orders', address, GUEST_ORDERS_PER_ADDRESS, app.config.rateLimitMultiplier);
  return null;
}
export const IDEMPOTENCY_NOTE =
  'An `Idempotency-Key` header (8 to 255 printable characters) makes a retry answer the first order instead of placing another.';

// Paths as the spec spells them (SPEC.md section 7). The card order route of DESIGN.md, refunds and the payment
// routes are the payments module's; the customer's notification feed is the notifications module's.
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/buy-product',
    {
      schema: {
        tags,
        summary: 'Place a cash order (201; 200 with the first order’s id when its Idempotency-Key is sent again)',
        description: `${IDEMPOTENCY_NOTE} ${GUEST_NOTE}`,
        body: buyProductRequestSchema,
        response: { 201: buyProductAnswerSchema, 200: buyProductAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const user = await customerOrGuest(app, request, reply);
      const placed = await placeCashOrder(app, { user, input: request.body, idempotencyKey: key });
      if (!placed.created) reply.header('idempotent-replayed', 'true');
      return reply.code(placed.created ? 201 : 200).send({ insertedId: placed.orderId, trackingUrl: trackingPath(placed.trackingToken) });
    },
  );

  // The spec's "all orders", for the back office: the orders the shop sees, newest first, a page at a time.
  app.get(
    '/buy-product',
    {
      preValidation: requirePermission('board'),
      schema: {
        tags,
        summary:
          'The orders the shop sees, newest first (or with sort=due the kitchen’s work by when it is due), a page at a time (X-Total-Count: how many in all)',
        querystring: shopOrderQuerySchema,
        response: { 200: z.array(orderWireSchema), ...errorAnswers },
      },
    },
    async (request, reply): Promise<OrderWire[]> => {
      const { orders, total } = await listShopOrders(app, request.query);
      reply.header('x-total-count', String(total));
      return orders;
    },
  );

  app.get(
    '/buy-product/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'One order (yours, or any for an admin)',
        params: idParams,
        response: { 200: orderWireSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const order = await getOrder(app.db, currentUser(request), orderId(request.params.id));
      // The order page follows its delivery as the tracking page does.
      return { ...order, delivery: await app.deliveryProgress(app.db, order._id) };
    },
  );

  app.put(
    '/update-sell-products/:id',
    {
      preValidation: requirePermission('orderStatus'),
      schema: {
        tags,
        summary:
          'Accept (with a time), re-time, move or cancel (with a reason) an order: 1 when it changed, 0 when it had that status already',
        description:
          '`{status: "Approved Order", readyInMinutes?}` takes the held card money first (422 CAPTURE_FAILED when the provider refuses: the order stays pending) and promises the order readyInMinutes from now (the shop’s quote when absent). `{readyInMinutes}` alone re-times an accepted or on-its-way order from now (409 ORDER_NOT_RETIMABLE otherwise). `{status: "Canceled Order", reason?}` records the reason, then releases or refunds the money.',
        params: idParams,
        body: updateOrderStatusRequestSchema,
        response: { 200: updateOrderStatusAnswerSchema, ...errorAnswers },
      },
    },
    async (request): Promise<UpdateOrderStatusAnswer> => {
      const id = orderId(request.params.id);
      const user = currentUser(request);
      // Accepting or rejecting a new order, and canceling an accepted one, are permissions of their own (the
      // kitchen moves orders on but does neither). Statuses only move forward, so the status read here is the one
      // the change starts from or an earlier one, and no role holds one of the two without the other.
      const { status } = await getOrder(app.db, user, id);
      if (!can(user.role, statusChangePermission(status, request.body.status)))
        throw new HttpError('ROLE_FORBIDDEN', roleForbidden(user.role));
      return updateOrder(app, actorOf(user), id, request.body);
    },
  );

  // The end of the trading day at once: what the timers do by themselves with autoCloseDay (close-day.ts).
  app.get(
    '/orders/close-day',
    {
      preValidation: requirePermission('cancel'),
      schema: {
        tags,
        summary: 'How many orders "Close the day" would close now (accepted ones completed, waiting ones rejected)',
        response: { 200: closeDayPreviewSchema, ...errorAnswers },
      },
    },
    async () => {
      const { count, dayEnd } = await countLeftOpen(app);
      return { count, dayEnd: dayEnd.toISOString() };
    },
  );

  app.post(
    '/orders/close-day',
    {
      preValidation: requirePermission('cancel'),
      schema: {
        tags,
        summary: 'Close the day: the day’s accepted orders become delivered (collected), its waiting ones are rejected',
        description:
          'The day is the trading day begun most recently (its sessions, by the opening hours); orders placed ahead for a later day are left alone. Each closed order’s history says "Closed at the end of the day"; the audit log names who closed it.',
        body: z.strictObject({}).describe('Nothing (an empty body or none)'),
        response: { 200: closeDayAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { dayEnd } = await countLeftOpen(app);
      const done = await closeDay(app, dayEnd, actorOf(currentUser(request)));
      return { closed: done.closed.length, rejected: done.rejected.length };
    },
  );

  app.get(
    '/my-product-history/:email',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'An account’s orders, newest first',
        params: emailParams,
        response: { 200: z.array(orderWireSchema), ...errorAnswers },
      },
    },
    async (request) => {
      const reader = assertSelfOrAdmin(request, request.params.email);
      return listOrderHistory(app.db, request.params.email, reader);
    },
  );

  // The browser's clock may differ from the shop's (SHOP_TIME), so checkout asks the server whether it takes orders.
  // Polled by every storefront: one statement (the kitchen's state), no cache (decision 0901).
  app.get(
    '/opening-status',
    {
      schema: {
        tags,
        summary: 'Whether the shop takes an order now, on the shop’s clock, and when one would come (the quote, busy mode, a pause)',
        response: { 200: orderingStatusSchema, ...errorAnswers },
      },
    },
    async () => readOpeningStatus(app),
  );
};
