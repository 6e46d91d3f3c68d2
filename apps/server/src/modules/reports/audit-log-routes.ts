import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_PATH, auditLogAnswerSchema, auditLogQuerySchema } from '@shop/shared/contract/audit';
import { errorAnswers } from '../../http/route-schemas';
import { readAuditLog } from '../audit/public';
import { requirePermission } from '../auth/public';

/** The audit log (the audit module's table), read only: no route changes or deletes an entry (decision 1402). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AUDIT_LOG_PATH.replace(/^\/api/, ''),
    {
      preValidation: requirePermission('auditLog'),
      schema: {
        tags: ['audit'],
        summary: 'The audit log: who changed what and when, newest first, by London dates, actor and action',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readAuditLog(app.db, request.query, app.now());
    },
  );
};
