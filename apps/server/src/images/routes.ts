import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isId } from '../db/id';
import { isCurrentEtag } from '../http/etag';
import { HttpError } from '../http-errors';
import { loadImage } from './store';

const querySchema = z.object({ w: z.coerce.number().int().min(1).max(4000).optional() });

/** Images never change under an id (an edit stores a new image), so they are cached for a year. */
export const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>('/images/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isId(id)) throw new HttpError('IMAGE_NOT_FOUND', 'Image not found');
    const { w } = querySchema.parse(request.query);
    const image = await loadImage(app.db, id, w);
    if (!image) throw new HttpError('IMAGE_NOT_FOUND', 'Image not found');
    const etag = `"${id}-${image.width}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (isCurrentEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(image.mime).send(image.data);
  });
};
