import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_SUMMARY_PATH, adminSummaryWireSchema, type AdminSummaryWire } from '@shop/shared/contract/summary';
import { TIPS_REPORT_PATH, tipsReportAnswerSchema, tipsReportQuerySchema } from '@shop/shared/contract/tips';
import { errorAnswers } from '../../http/route-schemas';
import { requirePermission } from '../auth/public';
import { adminSummary } from './summary';
import { tipsReport } from './tips';

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
  // The drivers' tips for their pay-out (decision 1602): the owner's and the manager's, as the other figures.
  app.get(
    TIPS_REPORT_PATH.replace(/^\/api/, ''),
    {
      preValidation: requirePermission('reports'),
      schema: {
        tags: ['reports'],
        summary: 'The tips of delivered orders placed between two London dates, in full, for the drivers’ pay-out',
        description:
          'Each order’s tip, what of it was refunded (a refund takes the food and the delivery first, the tip last) and what the driver gets; no card fee is deducted. By default this month so far.',
        querystring: tipsReportQuerySchema,
        response: { 200: tipsReportAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tipsReport(app, request.query);
    },
  );
};
