import type { FastifyPluginAsync } from 'fastify';
import { BANNER_IMAGE_REQUIRED, bannerCreateSchema, imageTooLargeMessage, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { HttpError } from '../../http-errors';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, readImageWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { requireAdmin } from '../auth/public';
import { createBanner, deleteBanner, listBanners } from './service';

// A banner's image may be as large as a product's, and a too-large one is refused in the product form's words.
const BANNER_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// Banners: the storefront's offers strip (SPEC.md "Add banner"). Reading them is public; adding and removing are for admins.
export const bannerRoutes: FastifyPluginAsync = async (app) => {
  await acceptImageForms(app);

  app.get('/banners', async () => listBanners(app.db));
  app.post('/addbanner', { preHandler: requireAdmin, bodyLimit: IMAGE_JSON_BODY_LIMIT }, async (request, reply) => {
    const { image } = await readImageWrite(request, bannerCreateSchema, BANNER_UPLOAD);
    if (!image) throw new HttpError('IMAGE_REQUIRED', BANNER_IMAGE_REQUIRED);
    return reply.code(201).send(await createBanner(app, image));
  });
  app.delete<{ Params: { id: string } }>('/banners/:id', { preHandler: requireAdmin }, async (request) =>
    deleteBanner(app.db, request.params.id),
  );
};
