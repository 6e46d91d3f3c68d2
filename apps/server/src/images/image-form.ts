import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeCatalogueIssues, IMAGE_FIELD, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { fieldMessages, HttpError } from '../http-errors';
import { assertStorableText } from '../http/storable-text';
import type { ProcessedImage } from './process';
import { acceptImageUpload, assertUploadSize, type UploadRules } from './upload';

// The admin forms that send an image (a category, a product, a banner), read the same way whichever route takes
// them: multipart with the file in `myfiles`, or JSON with the file base64-encoded in `file`.

/**
 * JSON edits carry the image in base64 (4/3 of its size): room for a little over the 20 MB limit, so an image
 * just over it is answered with the limit's message rather than a generic "body too large". A route's bodyLimit.
 */
export const IMAGE_JSON_BODY_LIMIT = Math.ceil((PRODUCT_IMAGE_MAX_BYTES * 4) / 3) + 4 * 1024 * 1024;

/** Lets the routes of this plugin read multipart forms; a file over its limit is cut, then refused with 413. */
export async function acceptImageForms(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES + 1 } });
}

export interface WriteRequest {
  fields: Record<string, unknown>;
  /** The bytes of the `myfiles` part, when one was sent. */
  upload?: Buffer;
}

type Parts = ReturnType<FastifyRequest['parts']>;

/** Thrown inside readParts the moment an image is known to be over its limit; the rest of the body is not read. */
class TooLarge extends Error {}

/**
 * The most a multipart form may declare in its Content-Length: its image (or the image in base64, 4/3 of it, in a
 * `file` field) and 256 KB for the text fields and the framing, far more than any form's fields hold.
 */
export function multipartLimit(rules: UploadRules): number {
  return Math.ceil((rules.maxBytes * 4) / 3) + 256 * 1024;
}

/** A file part's bytes; TooLarge as soon as they pass `maxBytes`, without reading the rest of the file. */
async function readFile(file: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      file.destroy();
      throw new TooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads every part: the fields and the first `myfiles` image. TooLarge when an image is over the limit. */
async function readParts(parts: Parts, maxBytes: number): Promise<{ fields: Record<string, unknown>; upload: Buffer | undefined }> {
  const fields: Record<string, unknown> = {};
  let upload: Buffer | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD || upload) {
        part.file.resume();
        continue;
      }
      const bytes = await readFile(part.file, maxBytes);
      if (part.file.truncated) throw new TooLarge();
      if (bytes.length > 0) upload = bytes;
    } else if (part.valueTruncated) {
      if (part.fieldname === 'file') throw new TooLarge();
      throw new HttpError('FIELD_TOO_LONG', `${part.fieldname} is too long`);
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, upload };
}

/** Multipart (fields and the `myfiles` image) or JSON, as one set of fields and the uploaded bytes. */
export async function readWrite(request: FastifyRequest, rules: UploadRules): Promise<WriteRequest> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new HttpError('INVALID_BODY', 'The body must be a JSON object or a multipart form');
    return { fields: body as Record<string, unknown> };
  }
  // A form that says it is larger than any image and its fields is refused before a byte of it is read (Node
  // then reads the body it was sent and drops it).
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > multipartLimit(rules)) throw new HttpError('IMAGE_TOO_LARGE', rules.tooLargeMessage);
  // One byte over the limit is enough to know a file is too large: it is refused there and then, and the rest of
  // the body (sent chunked, or under a Content-Length that lied) is never held in memory.
  const parts = request.parts({
    limits: { fileSize: rules.maxBytes + 1, fieldSize: Math.ceil((rules.maxBytes * 4) / 3) + 1024, files: 2, fields: 40 },
  });
  let read;
  try {
    read = await readParts(parts, rules.maxBytes);
  } catch (error) {
    if (error instanceof TooLarge) {
      // The parser has let go of the body: what is still coming is drained and dropped, so the connection stays usable.
      request.raw.unpipe();
      request.raw.resume();
      throw new HttpError('IMAGE_TOO_LARGE', rules.tooLargeMessage);
    }
    // The multipart parser throws plain errors for a body cut short or badly framed: the client's fault, not a 500.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new HttpError('MULTIPART_UNREADABLE', 'The multipart form could not be read');
  }
  return read.upload ? { fields: read.fields, upload: read.upload } : { fields: read.fields };
}

export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success)
    throw new HttpError('VALIDATION_FAILED', describeCatalogueIssues(result.error), { fields: fieldMessages(result.error) });
  // The app's hook checked JSON bodies as sent; multipart fields, and JSON held in a text field (`dealSlots`), are
  // only text the database can store once read and parsed here.
  assertStorableText(result.data);
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
  if (typeof file === 'string')
    assertUploadSize(Buffer.byteLength(file.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, ''), 'base64'), rules);
}

/** A category or product write: a too-large image refused first, then the fields checked, then the image re-encoded. */
export async function readImageWrite<S extends z.ZodType<{ file?: string | undefined }>>(
  request: FastifyRequest,
  schema: S,
  rules: UploadRules,
): Promise<{ input: z.output<S>; image: ProcessedImage | undefined }> {
  const write = await readWrite(request, rules);
  checkSizeFirst(write, rules);
  const input = parseFields(schema, write.fields);
  return { input, image: await imageOf(write, input.file, rules) };
}
