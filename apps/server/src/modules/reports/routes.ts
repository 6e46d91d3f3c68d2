import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_SUMMARY_PATH, type AdminSummaryWire } from '@shop/shared/contract/summary';
import { requireAdmin } from '../auth/public';
import { adminSummary } from './summary';

// The back office's figures: an addition to the spec's API (docs/api.md), for admins only.
export const reportRoutes: FastifyPluginAsync = async (app) => {
  app.get(ADMIN_SUMMARY_PATH, { preHandler: requireAdmin }, async (_request, reply): Promise<AdminSummaryWire> => {
    reply.header('cache-control', 'no-store');
    return adminSummary(app);
  });
};
