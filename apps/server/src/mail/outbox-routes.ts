import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMail } from '@shop/shared/contract/auth';
import { requireAdmin } from '../modules/auth/public';
import { recentOutbox } from './mailer';

/**
 * GET /api/dev/outbox (addition): the last 50 mails the development outbox recorded, newest first. Admins only.
 * Production has no outbox (its mail goes through SMTP_URL, decision 0702), so there the route does not exist.
 */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.nodeEnv === 'production') return;
  app.get('/dev/outbox', { preHandler: requireAdmin }, async (): Promise<OutboxMail[]> => {
    const mails = await recentOutbox(app.db);
    return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }));
  });
};
