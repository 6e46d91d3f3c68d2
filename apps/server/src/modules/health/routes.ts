import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthAnswerSchema } from '@shop/shared/contract/health';
import { HttpError } from '../../http-errors';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers } from '../../http/route-schemas';

const schema = {
  tags: ['health'],
  summary: 'Whether the shop and its database answer',
  response: { 200: healthAnswerSchema, ...errorAnswers },
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: PUBLIC_ANSWER, schema }, async (_request, reply) => {
    try {
      await app.database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError('DATABASE_UNAVAILABLE', 'Database unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, database: 'ok' as const };
  });
};
