import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageQuerySchema } from '@shop/shared/contract/images';
import { isId } from '../db/id';
import { isCurrentEtag } from '../http/etag';
import { PUBLIC_ANSWER } from '../http/private-answers';
import { errorAnswers, idParams, notModified } from '../http/route-schemas';
import { HttpError } from '../http-errors';
import { loadImage } from './store';

/** The image's bytes: a Buffer sent as it is (no serializer runs for bytes). */
const imageBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

const schema = {
  tags: ['images'],
  summary: 'A stored image (WebP), cached for a year: an id never names another image',
  params: idParams,
  querystring: imageQuerySchema,
  response: {
    200: { description: 'The image', content: { 'image/webp': { schema: imageBytes } } },
    304: notModified,
    ...errorAnswers,
  },
};

/** Images never change under an id (an edit stores a new image), so they are cached for a year. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/images/:id', { config: PUBLIC_ANSWER, schema }, async (request, reply) => {
    const { id } = request.params;
    if (!isId(id)) throw new HttpError('IMAGE_NOT_FOUND', 'Image not found');
    const { w } = request.query;
    const image = await loadImage(app.db, id, w);
    if (!image) throw new HttpError('IMAGE_NOT_FOUND', 'Image not found');
    const etag = `"${id}-${image.width}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (isCurrentEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(image.mime).send(image.data);
  });
};
