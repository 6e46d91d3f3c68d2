import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { objectIdSchema } from '@shop/shared/contract/cart';
import {
  assignAnswerSchema,
  assignBodySchema,
  deliveredBodySchema,
  DELIVERY_PHOTO_MAX_BYTES,
  deliveryPhotoAnswerSchema,
  deliveryPhotoBodySchema,
  dispatchAnswerSchema,
  driverLocationAnswerSchema,
  driverLocationBodySchema,
  driverRunsAnswerSchema,
  readyAnswerSchema,
  reorderRunBodySchema,
  unassignAnswerSchema,
} from '@shop/shared/contract/dispatch';
import { HttpError } from '../../http-errors';
import { errorAnswers, idParams, imageFormBody } from '../../http/route-schemas';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, readImageWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission } from '../auth/public';
import { markReady, onOrderStatusChanged, orderId } from '../orders/public';
import { assignOrder, reorderRun, settleRunOfOrder, unassignOrder } from './assign';
import { readDispatchBoard } from './board';
import { attachDeliveryPhoto, deliver, deliveryPhotoOf, driverRuns, pickUp, recordLocation } from './driver';
import { emitDeliveryChanged } from './events';

const nothing = z.strictObject({}).describe('Nothing (an empty body or none)');

const PHOTO_UPLOAD: UploadRules = {
  maxBytes: DELIVERY_PHOTO_MAX_BYTES,
  tooLargeMessage: `The photo is over ${DELIVERY_PHOTO_MAX_BYTES / 1_000_000} MB: take it again at a smaller size`,
};
/** The photo's bytes: a Buffer sent as it is. */
const photoBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** A run's id from the path; a malformed one names no run. */
function runId(raw: string): string {
  const id = objectIdSchema.safeParse(raw);
  if (!id.success) throw new HttpError('RUN_NOT_FOUND', 'No run has that id');
  return id.data;
}

/** The shop's own drivers (decision 1700): dispatch in the back office, and the driver's phone. */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptImageForms(app);
  const tags = ['dispatch'];
  const stopSettling = onOrderStatusChanged(
    app.db,
    async ({ orderId: changed, change }) => {
      if (change === 'delivered' || change === 'canceled') await settleRunOfOrder(app, changed, change);
    },
    app.log,
  );
  app.addHook('onClose', async () => stopSettling());
  app.get(
    '/dispatch',
    {
      preValidation: requirePermission('dispatch'),
      schema: {
        tags,
        summary: 'Deliveries waiting for a driver, today’s runs and drivers, the runs suggested and the watchdog’s warnings',
        response: { 200: dispatchAnswerSchema, ...errorAnswers },
      },
    },
    async () => readDispatchBoard(app),
  );
  app.post(
    '/orders/:id/assign',
    {
      preValidation: requirePermission('dispatch'),
      schema: {
        tags,
        summary: 'Put an accepted delivery on a driver’s open run (or a new one); from another driver’s run it moves',
        params: idParams,
        body: assignBodySchema,
        response: { 200: assignAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({
      run: await assignOrder(app, actorOf(currentUser(request)), orderId(request.params.id), request.body.driverId),
    }),
  );
  app.delete(
    '/orders/:id/assign',
    {
      preValidation: requirePermission('dispatch'),
      schema: {
        tags,
        summary: 'Take a delivery off its run (not once picked up): 1 when it was on one, 0 when not',
        params: idParams,
        response: { 200: unassignAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => unassignOrder(app, actorOf(currentUser(request)), orderId(request.params.id)),
  );
  app.put(
    '/runs/:id/order',
    {
      preValidation: requirePermission('dispatch'),
      schema: {
        tags,
        summary: 'Put a run’s stops in a new order (each of its orders once)',
        params: idParams,
        body: reorderRunBodySchema,
        response: { 200: assignAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ run: await reorderRun(app, actorOf(currentUser(request)), runId(request.params.id), request.body.orderIds) }),
  );
  app.post(
    '/orders/:id/ready',
    {
      preValidation: requirePermission('orderStatus'),
      schema: {
        tags,
        summary: 'The kitchen says an accepted order is ready to go (the first time stands)',
        params: idParams,
        body: nothing,
        response: { 200: readyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const id = orderId(request.params.id);
      const ready = await markReady(app, actorOf(currentUser(request)), id);
      if (ready.changed) emitDeliveryChanged(app.db, { orders: [{ orderId: id, userId: ready.userId, status: 'Approved Order' }] });
      return { readyAt: ready.readyAt.toISOString() };
    },
  );

  app.get(
    '/driver/runs',
    {
      preValidation: requirePermission('ownDeliveries'),
      schema: {
        tags,
        summary: 'The signed-in driver’s runs of today (and any still open), open ones first, stops in order',
        response: { 200: driverRunsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ runs: await driverRuns(app, currentUser(request)) }),
  );
  app.post(
    '/driver/orders/:id/picked-up',
    {
      preValidation: requirePermission('ownDeliveries'),
      schema: {
        tags,
        summary: 'The driver picked up one of their orders: it goes on the way, and its run starts with the first',
        params: idParams,
        body: nothing,
        response: { 200: assignAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ run: await pickUp(app, currentUser(request), orderId(request.params.id)) }),
  );
  app.post(
    '/driver/orders/:id/delivered',
    {
      preValidation: requirePermission('ownDeliveries'),
      schema: {
        tags,
        summary: 'The driver delivered one of their orders (with the cash collected for a cash order, and a photo if taken)',
        params: idParams,
        body: deliveredBodySchema,
        response: { 200: assignAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ run: await deliver(app, currentUser(request), orderId(request.params.id), request.body) }),
  );
  app.post(
    '/driver/orders/:id/photo',
    {
      preValidation: requirePermission('ownDeliveries'),
      bodyLimit: IMAGE_JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'The driver’s photo of one of their deliveries at the door, kept private (a second replaces the first)',
        params: idParams,
        documentedBody: imageFormBody(deliveryPhotoBodySchema),
        response: { 200: deliveryPhotoAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const id = orderId(request.params.id);
      const { image } = await readImageWrite(request, deliveryPhotoBodySchema, PHOTO_UPLOAD);
      if (!image) throw new HttpError('IMAGE_REQUIRED', 'Take or choose a photo of the delivery');
      return attachDeliveryPhoto(app, currentUser(request), id, image);
    },
  );
  app.get(
    '/orders/:id/photo',
    {
      preValidation: requirePermission('board'),
      schema: {
        tags,
        summary: 'The driver’s photo of a delivery (WebP), for the staff who see the board; 404 when none was taken',
        params: idParams,
        response: { 200: { description: 'The photo', content: { 'image/webp': { schema: photoBytes } } }, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const photo = await deliveryPhotoOf(app.db, orderId(request.params.id));
      if (!photo) throw new HttpError('IMAGE_NOT_FOUND', 'No photo was taken of this delivery');
      return reply.type(photo.mime).send(photo.data);
    },
  );
  app.post(
    '/driver/location',
    {
      preValidation: requirePermission('ownDeliveries'),
      schema: {
        tags,
        summary: 'The driver’s phone’s position while a run is out: shown to customers when believable',
        body: driverLocationBodySchema,
        response: { 200: driverLocationAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => recordLocation(app, currentUser(request), request.body),
  );
};
