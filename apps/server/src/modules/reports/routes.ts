import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_SUMMARY_PATH, adminSummaryWireSchema, type AdminSummaryWire } from '@shop/shared/contract/summary';
import { errorAnswers } from '../../http/route-schemas';
import { requirePermission } from '../auth/public';
import { adminSummary } from './summary';

// The back office's figures: an addition to the spec's API (docs/api.md), for admins only.
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['reports'],
    summary: 'The dashboard’s figures: orders and sales (pence) by period and by day, in Europe/London',
    response: { 200: adminSummaryWireSchema, ...errorAnswers },
  };
  app.get(
    ADMIN_SUMMARY_PATH,
    { preValidation: requirePermission('reports'), schema },
    async (_request, reply): Promise<AdminSummaryWire> => {
      reply.header('cache-control', 'no-store');
      return adminSummary(app);
    },
  );
};
