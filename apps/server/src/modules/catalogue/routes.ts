import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATEGORY_IMAGE_MAX_BYTES,
  categoryCreateSchema,
  categoryUpdateSchema,
  imageTooLargeMessage,
  ingredientCreateSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  productInputSchema,
} from '@shop/shared/contract/catalogue';
import { compressOnce, pickEncoding, type Encoding } from '../../http/compression';
import { isCurrentEtag } from '../../http/etag';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, parseFields, readImageWrite, readWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { requireAdmin } from '../auth/public';
import { getMenuSnapshot, type CachedAnswer } from './menu-cache';
import {
  createCategory,
  createProduct,
  createTopping,
  deleteCategory,
  deleteProduct,
  deleteTopping,
  getCategory,
  getProduct,
  updateCategory,
  updateProduct,
} from './service';

const CATEGORY_UPLOAD: UploadRules = { maxBytes: CATEGORY_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('category') };
const PRODUCT_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// Compressed copies of each cached answer, made once the first time a browser asks for that encoding; they go
// with the answer when a catalogue write replaces it.
const compressedAnswers = new WeakMap<CachedAnswer, Partial<Record<Encoding, Buffer>>>();
const COMPRESS_FROM_BYTES = 1024;

function compressed(answer: CachedAnswer, encoding: Encoding): Buffer {
  const copies = compressedAnswers.get(answer) ?? {};
  compressedAnswers.set(answer, copies);
  // Quality 9, not 11: the menu is compressed again after every catalogue write, while a request waits.
  copies[encoding] ??= compressOnce(answer.body, encoding, 9);
  return copies[encoding];
}

/** Menu lists from memory, revalidated by ETag: an unchanged menu costs the client a 304 and no body. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (isCurrentEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(compressed(answer, encoding));
}

type IdParams = { Params: { id: string } };

// Paths as the spec spells them. Reads are public and, for the menu, served from memory; writes are admins'.
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await acceptImageForms(app);

  app.get('/allcategori', async (request, reply) => sendCached(request, reply, (await getMenuSnapshot(app.db)).answers.categories));
  app.get('/allproduts', async (request, reply) => sendCached(request, reply, (await getMenuSnapshot(app.db)).answers.products));
  app.get<{ Params: { categoriName: string } }>('/products/:categoriName', async (request, reply) => {
    const snapshot = await getMenuSnapshot(app.db);
    return sendCached(request, reply, snapshot.answers.byCategory.get(request.params.categoriName) ?? snapshot.answers.empty);
  });
  app.get('/ingredients', async (request, reply) => sendCached(request, reply, (await getMenuSnapshot(app.db)).answers.toppings));

  app.get<IdParams>('/allcategori/:id', async (request) => getCategory(app.db, request.params.id));
  app.get<IdParams>('/allproduts/:id', async (request) => getProduct(app.db, request.params.id));

  const admin = { preHandler: requireAdmin };
  const productWrite = { preHandler: requireAdmin, bodyLimit: IMAGE_JSON_BODY_LIMIT };

  app.post('/allcategori', admin, async (request, reply) => {
    const { input, image } = await readImageWrite(request, categoryCreateSchema, CATEGORY_UPLOAD);
    return reply.code(201).send(await createCategory(app, input, image));
  });

  app.put<IdParams>('/allcategori/:id', admin, async (request) => {
    const { input, image } = await readImageWrite(request, categoryUpdateSchema, CATEGORY_UPLOAD);
    return updateCategory(app, request.params.id, input, image);
  });

  app.delete<IdParams>('/allcategori/:id', admin, async (request) => deleteCategory(app, request.params.id));

  app.post('/allproduts', productWrite, async (request, reply) => {
    const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
    return reply.code(201).send(await createProduct(app, input, image));
  });

  app.put<IdParams>('/allproduts/:id', productWrite, async (request) => {
    const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
    return updateProduct(app, request.params.id, input, image);
  });

  app.delete<IdParams>('/allproduts/:id', admin, async (request) => deleteProduct(app, request.params.id));

  app.post('/ingredients', admin, async (request, reply) => {
    const write = await readWrite(request, CATEGORY_UPLOAD);
    const input = parseFields(ingredientCreateSchema, write.fields);
    return reply.code(201).send(await createTopping(app, input));
  });

  app.delete<IdParams>('/ingredients/:id', admin, async (request) => deleteTopping(app, request.params.id));
};
