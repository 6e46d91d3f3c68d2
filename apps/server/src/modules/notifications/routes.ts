import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementWireSchema,
  imageTooLargeMessage,
  insertedAnswerSchema,
  notificationCreateSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  type AnnouncementWire,
} from '@shop/shared/contract/catalogue';
import { customerNotificationWireSchema } from '@shop/shared/contract/orders';
import { readIdempotencyKey } from '../../http/idempotency-key';
import { emailParams, errorAnswers, imageFormBody } from '../../http/route-schemas';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, readImageWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { actorOf } from '../audit/public';
import { currentUser, assertSelfOrAdmin, requirePermission, requireUser } from '../auth/public';
import { createAnnouncement, listAnnouncements } from './announcements';
import { listCustomerNotifications } from './service';

// An announcement's image may be as large as a product's, and a too-large one is refused in the product form's words.
const ANNOUNCEMENT_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// The customer's notification feed and the shop's announcements, at the spec's paths (SPEC.md section 7).
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptImageForms(app);
  const tags = ['notifications'];

  app.get(
    '/my-product/:email',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'An account’s notifications, newest first: its orders’ status changes and the shop’s notices',
        params: emailParams,
        response: { 200: z.array(customerNotificationWireSchema), ...errorAnswers },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      return listCustomerNotifications(app.db, request.params.email);
    },
  );

  app.get(
    '/allnotification',
    {
      preValidation: requirePermission('menu'),
      schema: { tags, summary: 'The shop’s announcements', response: { 200: z.array(announcementWireSchema), ...errorAnswers } },
    },
    async (): Promise<AnnouncementWire[]> => listAnnouncements(app.db),
  );

  app.post(
    '/allnotification',
    {
      preValidation: requirePermission('menu'),
      bodyLimit: IMAGE_JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Announce something to every customer. An Idempotency-Key makes a repeat (a double submit, a retry) answer the first one, sent once',
        documentedBody: imageFormBody(notificationCreateSchema),
        response: { 200: insertedAnswerSchema, 201: insertedAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const { input, image } = await readImageWrite(request, notificationCreateSchema, ANNOUNCEMENT_UPLOAD);
      const { insertedId, created } = await createAnnouncement(
        app,
        input,
        image,
        actorOf(currentUser(request)),
        key === null ? null : { userId: currentUser(request).id, key },
      );
      return reply.code(created ? 201 : 200).send({ insertedId });
    },
  );
};
