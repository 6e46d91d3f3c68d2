import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_IMAGE_REQUIRED,
  bannerCreateSchema,
  bannerWireSchema,
  deletedAnswerSchema,
  imageTooLargeMessage,
  insertedAnswerSchema,
  PRODUCT_IMAGE_MAX_BYTES,
} from '@shop/shared/contract/catalogue';
import { HttpError } from '../../http-errors';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers, idParams, imageFormBody } from '../../http/route-schemas';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, readImageWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { requirePermission } from '../auth/public';
import { createBanner, deleteBanner, listBanners } from './service';

// A banner's image may be as large as a product's, and a too-large one is refused in the product form's words.
const BANNER_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// Banners: the storefront's offers strip (SPEC.md "Add banner"). Reading them is public; adding and removing are for admins.
export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptImageForms(app);
  const tags = ['banners'];

  app.get(
    '/banners',
    {
      config: PUBLIC_ANSWER,
      schema: { tags, summary: 'The banners, newest first', response: { 200: z.array(bannerWireSchema), ...errorAnswers } },
    },
    async () => listBanners(app.db),
  );
  app.post(
    '/addbanner',
    {
      preValidation: requirePermission('menu'),
      bodyLimit: IMAGE_JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a banner (its image is required)',
        documentedBody: imageFormBody(bannerCreateSchema),
        response: { 201: insertedAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { image } = await readImageWrite(request, bannerCreateSchema, BANNER_UPLOAD);
      if (!image) throw new HttpError('IMAGE_REQUIRED', BANNER_IMAGE_REQUIRED);
      return reply.code(201).send(await createBanner(app, image));
    },
  );
  app.delete(
    '/banners/:id',
    {
      preValidation: requirePermission('menu'),
      schema: { tags, summary: 'Delete a banner', params: idParams, response: { 200: deletedAnswerSchema, ...errorAnswers } },
    },
    async (request) => deleteBanner(app.db, request.params.id),
  );
};
