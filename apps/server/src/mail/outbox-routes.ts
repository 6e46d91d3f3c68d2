import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMail } from '@shop/shared/contract/auth';
import { requireAdmin } from '../modules/auth/public';
import { recentOutbox } from './mailer';

/** GET /api/dev/outbox (addition): the last 50 mails the development outbox recorded, newest first. Admins only. */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/outbox', { preHandler: requireAdmin }, async (): Promise<OutboxMail[]> => {
    const mails = await recentOutbox(app.db);
    return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }));
  });
};
