import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDataSchema, deleteAccountAnswerSchema, deleteAccountBodySchema } from '@shop/shared/contract/account-data';
import { clientAddressKey } from '../../http/client-address';
import { errorAnswers } from '../../http/route-schemas';
import { clearSessionCookie, currentUser, countAttempt, requireUser } from '../auth/public';
import { deleteAccount, exportAccountData } from './service';

/**
 * Rate limits, counted in the database like the other account routes' (decision 0701), per client address:
 * deleting asks for the password, so it is a guessing route as the profile form is (10 a minute); a download reads
 * every order of the account (10 in 10 minutes is plenty for a person).
 */
export const ACCOUNT_DATA_LIMITS = {
  accountDelete: { max: 10, timeWindow: 60_000 },
  accountData: { max: 10, timeWindow: 10 * 60_000 },
} as const;

/** The customer's own data (decision 1002): download it, or delete the account. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];
  const limit = (name: keyof typeof ACCOUNT_DATA_LIMITS) => (request: FastifyRequest, reply: FastifyReply) =>
    countAttempt(app.db, reply, name, clientAddressKey(request.ip), ACCOUNT_DATA_LIMITS[name], app.config.rateLimitMultiplier);

  app.get(
    '/profile/data',
    {
      preValidation: requireUser,
      preHandler: limit('accountData'),
      schema: {
        tags,
        summary: 'Download my data: the account, addresses, favourites, orders and notifications as one JSON file',
        response: { 200: accountDataSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(app, currentUser(request).id);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
      return data;
    },
  );

  app.post(
    '/profile/delete',
    {
      preValidation: requireUser,
      preHandler: limit('accountDelete'),
      schema: {
        tags,
        summary: 'Delete my account (the password asked again): personal data erased, orders kept anonymised, every session ended',
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const message = await deleteAccount(app, currentUser(request).id, request.body.password);
      request.user = null;
      request.sessionId = null;
      clearSessionCookie(reply, app.config);
      return { result: true as const, message };
    },
  );
};
