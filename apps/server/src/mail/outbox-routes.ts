import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMailSchema, type OutboxMail } from '@shop/shared/contract/auth';
import { errorAnswers } from '../http/route-schemas';
import { requirePermission } from '../modules/auth/public';
import { recentOutbox } from './mailer';

/**
 * GET /api/dev/outbox (addition): the last 50 mails the development outbox recorded, newest first. Admins only.
 * Production has no outbox (its mail goes through SMTP_URL, decision 0702), so there the route does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.nodeEnv === 'production') return;
  const schema = {
    tags: ['accounts'],
    summary: 'The last 50 mails of the development outbox, newest first (not in production)',
    response: { 200: z.array(outboxMailSchema), ...errorAnswers },
  };
  app.get('/dev/outbox', { preValidation: requirePermission('staff'), schema }, async (): Promise<OutboxMail[]> => {
    const mails = await recentOutbox(app.db);
    return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }));
  });
};
