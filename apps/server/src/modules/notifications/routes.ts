import type { FastifyPluginAsync } from 'fastify';
import {
  imageTooLargeMessage,
  notificationCreateSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  type AnnouncementWire,
} from '@shop/shared/contract/catalogue';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, readImageWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { assertSelfOrAdmin, requireAdmin, requireUser } from '../auth/public';
import { createAnnouncement, listAnnouncements } from './announcements';
import { listCustomerNotifications } from './service';

// An announcement's image may be as large as a product's, and a too-large one is refused in the product form's words.
const ANNOUNCEMENT_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// The customer's notification feed and the shop's announcements, at the spec's paths (SPEC.md section 7).
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  await acceptImageForms(app);

  app.get<{ Params: { email: string } }>('/my-product/:email', { preHandler: requireUser }, async (request) => {
    assertSelfOrAdmin(request, request.params.email);
    return listCustomerNotifications(app.db, request.params.email);
  });

  app.get('/allnotification', { preHandler: requireAdmin }, async (): Promise<AnnouncementWire[]> => listAnnouncements(app.db));

  app.post('/allnotification', { preHandler: requireAdmin, bodyLimit: IMAGE_JSON_BODY_LIMIT }, async (request, reply) => {
    const { input, image } = await readImageWrite(request, notificationCreateSchema, ANNOUNCEMENT_UPLOAD);
    return reply.code(201).send(await createAnnouncement(app, input, image));
  });
};
