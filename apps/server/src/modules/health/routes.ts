import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http-errors';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    try {
      await app.database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError('DATABASE_UNAVAILABLE', 'Database unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok', database: 'ok' };
  });
};
