import { compressOnce, pickEncoding, type Encoding } from '../../http/compression';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CATEGORY_IMAGE_MAX_BYTES,
  categoryCreateSchema,
  categoryUpdateSchema,
  describeCatalogueIssues,
  IMAGE_FIELD,
  imageTooLargeMessage,
  ingredientCreateSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  productInputSchema,
  bannerCreateSchema,
  BANNER_IMAGE_REQUIRED,
} from '@shop/shared/contract/catalogue';
import { HttpError } from '../../http-errors';
import type { ProcessedImage } from '../../images/process';
import { acceptImageUpload, assertUploadSize, type UploadRules } from '../../images/upload';
import { requireAdmin } from '../auth/guards';
import {
  createCategory,
  createProduct,
  createTopping,
  deleteCategory,
  deleteProduct,
  deleteTopping,
  getCategory,
  getMenuSnapshot,
  getProduct,
  updateCategory,
  updateProduct,
  createBanner,
  listBanners,
  type CachedAnswer,
} from './service';

const CATEGORY_UPLOAD: UploadRules = { maxBytes: CATEGORY_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('category') };
const PRODUCT_UPLOAD: UploadRules = { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLargeMessage: imageTooLargeMessage('product') };

// JSON edits carry the image in base64 (4/3 of its size): room for a little over the 2 MB limit, so an image
// just over it is answered with the spec's message rather than a generic "body too large".
const PRODUCT_JSON_BODY_LIMIT = 8 * 1024 * 1024;

interface WriteRequest {
  fields: Record<string, unknown>;
  /** The bytes of the `myfiles` part, when one was sent. */
  upload?: Buffer;
}

function isAnswerCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === etag || candidate === '*';
  });
}

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
  if (isAnswerCurrent(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(compressed(answer, encoding));
}

type Parts = ReturnType<FastifyRequest['parts']>;

/** Reads every part: the fields, the first `myfiles` image, and whether a file was cut at the size limit. */
async function readParts(parts: Parts): Promise<{ fields: Record<string, unknown>; upload: Buffer | undefined; tooLarge: boolean }> {
  const fields: Record<string, unknown> = {};
  let upload: Buffer | undefined;
  let tooLarge = false;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD || upload) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) tooLarge = true;
      else if (bytes.length > 0) upload = bytes;
    } else if (part.valueTruncated) {
      if (part.fieldname === 'file') tooLarge = true;
      else throw new HttpError(400, `${part.fieldname} is too long`);
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, upload, tooLarge };
}

/** Multipart (fields and the `myfiles` image) or JSON, as one set of fields and the uploaded bytes. */
async function readWrite(request: FastifyRequest, rules: UploadRules): Promise<WriteRequest> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON object or a multipart form');
    return { fields: body as Record<string, unknown> };
  }
  // One byte over the limit is enough to know a file is too large; the rest is not read into memory.
  const parts = request.parts({ limits: { fileSize: rules.maxBytes + 1, fieldSize: Math.ceil((rules.maxBytes * 4) / 3) + 1024, files: 2, fields: 40 } });
  let read;
  try {
    read = await readParts(parts);
  } catch (error) {
    // The multipart parser throws plain errors for a body cut short or badly framed: the client's fault, not a 500.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new HttpError(400, 'The multipart form could not be read');
  }
  if (read.tooLarge) throw new HttpError(413, rules.tooLargeMessage);
  return read.upload ? { fields: read.fields, upload: read.upload } : { fields: read.fields };
}

function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new HttpError(400, describeCatalogueIssues(result.error));
  return result.data;
}

/** The uploaded file, else the base64 `file` field; checked (size first) and re-encoded. */
async function imageOf(write: WriteRequest, base64: string | undefined, rules: UploadRules): Promise<ProcessedImage | undefined> {
  const bytes = write.upload ?? (base64 ? Buffer.from(base64, 'base64') : undefined);
  if (!bytes) return undefined;
  return acceptImageUpload(bytes, rules);
}

/** A too-large image is refused before the other fields are looked at, as the forms do. */
function checkSizeFirst(write: WriteRequest, rules: UploadRules): void {
  if (write.upload) assertUploadSize(write.upload.length, rules);
  const file = write.fields.file;
  if (typeof file === 'string') assertUploadSize(Buffer.byteLength(file.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, ''), 'base64'), rules);
}

/** A category or product write: a too-large image refused first, then the fields checked, then the image re-encoded. */
async function readImageWrite<S extends z.ZodType<{ file?: string | undefined }>>(
  request: FastifyRequest,
  schema: S,
  rules: UploadRules,
): Promise<{ input: z.output<S>; image: ProcessedImage | undefined }> {
  const write = await readWrite(request, rules);
  checkSizeFirst(write, rules);
  const input = parseFields(schema, write.fields);
  return { input, image: await imageOf(write, input.file, rules) };
}

type IdParams = { Params: { id: string } };

// Paths as the spec spells them. Reads are public and, for the menu, served from memory; writes are admins'.
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES + 1 } });

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
  const productWrite = { preHandler: requireAdmin, bodyLimit: PRODUCT_JSON_BODY_LIMIT };

  app.post('/allcategori', admin, async (request, reply) => {
    const { input, image } = await readImageWrite(request, categoryCreateSchema, CATEGORY_UPLOAD);
    return reply.code(201).send(await createCategory(app.db, input, image, app.now()));
  });

  app.put<IdParams>('/allcategori/:id', admin, async (request) => {
    const { input, image } = await readImageWrite(request, categoryUpdateSchema, CATEGORY_UPLOAD);
    return updateCategory(app.db, request.params.id, input, image, app.now());
  });

  app.delete<IdParams>('/allcategori/:id', admin, async (request) => deleteCategory(app.db, request.params.id, app.now()));

  app.post('/allproduts', productWrite, async (request, reply) => {
    const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
    return reply.code(201).send(await createProduct(app.db, input, image, app.now()));
  });

  app.put<IdParams>('/allproduts/:id', productWrite, async (request) => {
    const { input, image } = await readImageWrite(request, productInputSchema, PRODUCT_UPLOAD);
    return updateProduct(app.db, request.params.id, input, image, app.now());
  });

  app.delete<IdParams>('/allproduts/:id', admin, async (request) => deleteProduct(app.db, request.params.id, app.now()));

  app.post('/ingredients', admin, async (request, reply) => {
    const write = await readWrite(request, CATEGORY_UPLOAD);
    const input = parseFields(ingredientCreateSchema, write.fields);
    return reply.code(201).send(await createTopping(app.db, input, app.now()));
  });

  app.delete<IdParams>('/ingredients/:id', admin, async (request) => deleteTopping(app.db, request.params.id, app.now()));

  // Banners: the storefront's offers strip (SPEC.md "Add banner"); an image up to the product limit.
  app.get('/banners', async () => listBanners(app.db));
  app.post('/addbanner', productWrite, async (request, reply) => {
    const { image } = await readImageWrite(request, bannerCreateSchema, PRODUCT_UPLOAD);
    if (!image) throw new HttpError(400, BANNER_IMAGE_REQUIRED);
    return reply.code(201).send(await createBanner(app.db, image, app.now()));
  });
};
