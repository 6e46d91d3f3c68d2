import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityAnswerSchema,
  availabilityRequestSchema,
  CATEGORY_IMAGE_MAX_BYTES,
  categoryCreateSchema,
  categoryDetailWireSchema,
  categoryUpdateSchema,
  categoryWireSchema,
  deletedAnswerSchema,
  imageTooLargeMessage,
  ingredientCreateSchema,
  ingredientUpdateSchema,
  ingredientWireSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  productDetailWireSchema,
  productInputSchema,
  productWireSchema,
} from '@shop/shared/contract/catalogue';
import { compressOnce, pickEncoding, type Encoding } from '../../http/compression';
import { isCurrentEtag } from '../../http/etag';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers, formBody, idParams, imageFormBody, notModified } from '../../http/route-schemas';
import { acceptImageForms, IMAGE_JSON_BODY_LIMIT, parseFields, readImageWrite, readWrite } from '../../images/image-form';
import type { UploadRules } from '../../images/upload';
import { requirePermission } from '../auth/public';
import { getMenuAnswers, type CachedAnswer } from './menu-cache';
import {
  createCategory,
  createProduct,
  createTopping,
  deleteCategory,
  deleteProduct,
  deleteTopping,
  getCategory,
  getProduct,
  setAvailability,
  updateCategory,
  updateProduct,
  updateTopping,
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

const tags = ['catalogue'];

/** A menu list: its JSON is made once per menu version and sent as it is (no serializer runs), or 304. */
function menuList(summary: string, item: z.ZodType) {
  return { tags, summary, response: { 200: z.array(item), 304: notModified, ...errorAnswers } };
}

/** The reads are the same for everyone: they keep their caching (the lists' no-cache and ETag). */
const menuRead = { config: PUBLIC_ANSWER };

// Paths as the spec spells them. Reads are public and, for the menu, served from memory (the answers at the shop
// clock's now: sold out comes back by itself at the next opening); writes are admins'.
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptImageForms(app);

  app.get('/allcategori', { ...menuRead, schema: menuList('The categories, in menu order', categoryWireSchema) }, async (request, reply) =>
    sendCached(request, reply, (await getMenuAnswers(app.db, app.now())).categories),
  );
  app.get('/allproduts', { ...menuRead, schema: menuList('Every product', productWireSchema) }, async (request, reply) =>
    sendCached(request, reply, (await getMenuAnswers(app.db, app.now())).products),
  );
  app.get(
    '/products/:categoriName',
    {
      ...menuRead,
      schema: {
        ...menuList('The products of one category (an unknown category has none)', productWireSchema),
        params: z.object({ categoriName: z.string().describe('The category’s name, as `GET /allcategori` spells it') }),
      },
    },
    async (request, reply) => {
      const answers = await getMenuAnswers(app.db, app.now());
      return sendCached(request, reply, answers.byCategory.get(request.params.categoriName) ?? answers.empty);
    },
  );
  app.get('/ingredients', { ...menuRead, schema: menuList('The toppings', ingredientWireSchema) }, async (request, reply) =>
    sendCached(request, reply, (await getMenuAnswers(app.db, app.now())).toppings),
  );

  app.get(
    '/allcategori/:id',
    {
      ...menuRead,
      schema: {
        tags,
        summary: 'One category, with its image',
        params: idParams,
        response: { 200: categoryDetailWireSchema, ...errorAnswers },
      },
    },
    async (request) => getCategory(app.db, request.params.id),
  );
  app.get(
    '/allproduts/:id',
    {
      ...menuRead,
      schema: {
        tags,
        summary: 'One product, with its image',
        params: idParams,
        response: { 200: productDetailWireSchema, ...errorAnswers },
      },
    },
    async (request) => getProduct(app, request.params.id),
  );

  const admin = { preValidation: requirePermission('menu') };
  const productWrite = { preValidation: requirePermission('menu'), bodyLimit: IMAGE_JSON_BODY_LIMIT };
  // Sold out and back: the kitchen's and the counter's too, unlike the rest of the menu.
  const soldOut = { preValidation: requirePermission('soldOut') };
  const created = { 201: insertedAnswerSchema, ...errorAnswers };
  const modified = { 200: modifiedAnswerSchema, ...errorAnswers };
  const deleted = { 200: deletedAnswerSchema, ...errorAnswers };

  app.post(
    '/allcategori',
    { ...admin, schema: { tags, summary: 'Add a category', documentedBody: imageFormBody(categoryCreateSchema), response: created } },
    async (request, reply) => {
      const { input, image } = await readImageWrite(request, categoryCreateSchema, CATEGORY_UPLOAD);
      return reply.code(201).send(await createCategory(app, input, image));
    },
  );

  app.put(
    '/allcategori/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Rename a category, change its order or image',
        params: idParams,
        documentedBody: imageFormBody(categoryUpdateSchema),
        response: modified,
      },
    },
    async (request) => {
      const { input, image } = await readImageWrite(request, categoryUpdateSchema, CATEGORY_UPLOAD);
      return updateCategory(app, request.params.id, input, image);
    },
  );

  app.delete(
    '/allcategori/:id',
    { ...admin, schema: { tags, summary: 'Delete a category without products', params: idParams, response: deleted } },
    async (request) => deleteCategory(app, request.params.id),
  );

  app.post(
    '/allproduts',
    { ...productWrite, schema: { tags, summary: 'Add a product', documentedBody: imageFormBody(productInputSchema), response: created } },
    async (request, reply) => {
      const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
      return reply.code(201).send(await createProduct(app, input, image));
    },
  );

  app.put(
    '/allproduts/:id',
    {
      ...productWrite,
      schema: {
        tags,
        summary: 'Change a product',
        params: idParams,
        documentedBody: imageFormBody(productInputSchema),
        response: modified,
      },
    },
    async (request) => {
      const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
      return updateProduct(app, request.params.id, input, image);
    },
  );

  const availability = (what: string) => ({
    tags,
    summary: `Mark ${what} sold out for today (back at the next opening) or until turned back on, or back on sale`,
    params: idParams,
    body: availabilityRequestSchema,
    response: { 200: availabilityAnswerSchema, ...errorAnswers },
  });

  app.put('/allproduts/:id/availability', { ...soldOut, schema: availability('a product') }, async (request) =>
    setAvailability(app, { kind: 'product', id: request.params.id }, request.body),
  );

  app.put('/ingredients/:id/availability', { ...soldOut, schema: availability('a topping') }, async (request) =>
    setAvailability(app, { kind: 'topping', id: request.params.id }, request.body),
  );

  app.delete(
    '/allproduts/:id',
    { ...admin, schema: { tags, summary: 'Delete a product', params: idParams, response: deleted } },
    async (request) => deleteProduct(app, request.params.id),
  );

  app.post(
    '/ingredients',
    { ...admin, schema: { tags, summary: 'Add a topping', documentedBody: formBody(ingredientCreateSchema), response: created } },
    async (request, reply) => {
      const write = await readWrite(request, CATEGORY_UPLOAD);
      const input = parseFields(ingredientCreateSchema, write.fields);
      return reply.code(201).send(await createTopping(app, input));
    },
  );

  app.put(
    '/ingredients/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a topping: its name, price, category and allergens',
        params: idParams,
        documentedBody: formBody(ingredientUpdateSchema),
        response: modified,
      },
    },
    async (request) => {
      const write = await readWrite(request, CATEGORY_UPLOAD);
      return updateTopping(app, request.params.id, parseFields(ingredientUpdateSchema, write.fields));
    },
  );

  app.delete(
    '/ingredients/:id',
    { ...admin, schema: { tags, summary: 'Delete a topping', params: idParams, response: deleted } },
    async (request) => deleteTopping(app, request.params.id),
  );
};
