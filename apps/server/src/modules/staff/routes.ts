import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authAnswerSchema, SIGNED_IN } from '@shop/shared/contract/auth';
import {
  staffChangeBodySchema,
  staffInviteAcceptBodySchema,
  staffInviteAnswerSchema,
  staffInviteBodySchema,
  staffListAnswerSchema,
  staffMemberAnswerSchema,
} from '@shop/shared/contract/staff';
import { clientAddressKey } from '../../http/client-address';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { currentUser, countAttempt, rememberDevice, requirePermission, signIn, toWireUser } from '../auth/public';
import { acceptInvite, changeStaff, inviteStaff, listStaff, readInvite, removeStaff } from './service';

/**
 * The invitation's routes are open to anyone holding a link, so they are counted per address like the other
 * routes that take a secret (a script guessing tokens meets the limit long before a 256-bit token).
 */
export const STAFF_INVITE_RATE_LIMIT = { max: 20, timeWindow: 15 * 60_000 } as const;

const tokenParams = z.object({ token: z.string().max(200).describe('The token from the invitation mail’s link') });

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  const staffOnly = requirePermission('staff');

  const limitInvites = (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    countAttempt(app.db, reply, 'staffInvite', clientAddressKey(request.ip), STAFF_INVITE_RATE_LIMIT, app.config.rateLimitMultiplier);

  app.get(
    '/staff',
    {
      preValidation: staffOnly,
      schema: { tags, summary: 'The team, owners first, then by name', response: { 200: staffListAnswerSchema, ...errorAnswers } },
    },
    async () => ({ staff: await listStaff(app.db) }),
  );

  app.post(
    '/staff',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: 'Invite a member of staff: their account, and a mail with the link that sets their password',
        body: staffInviteBodySchema,
        response: { 201: staffMemberAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send({ member: await inviteStaff(app, currentUser(request), request.body) }),
  );

  app.put(
    '/staff/:id',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: 'Change a member’s name or role (the shop keeps at least one owner)',
        params: idParams,
        body: staffChangeBodySchema,
        response: { 200: staffMemberAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ member: await changeStaff(app, currentUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/staff/:id',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: 'Remove a member: the account is closed and its sessions end (the shop keeps at least one owner)',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...errorAnswers },
      },
    },
    async (request, reply) => {
      await removeStaff(app, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff-invites/:token',
    {
      onRequest: limitInvites,
      schema: {
        tags,
        summary: 'Who an invitation is for (404 when the link is unknown, used or expired)',
        params: tokenParams,
        response: { 200: staffInviteAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => readInvite(app, request.params.token),
  );

  app.post(
    '/staff-invites/:token',
    {
      onRequest: limitInvites,
      schema: {
        tags,
        summary: 'Set the invited member’s password, and sign them in',
        params: tokenParams,
        body: staffInviteAcceptBodySchema,
        response: { 200: authAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const user = await acceptInvite(app, request.params.token, request.body.password);
      await signIn(app, request, reply, user);
      await rememberDevice(app.db, app.config, request, reply, user.id, app.now());
      return { result: true as const, message: SIGNED_IN, user: toWireUser(user) };
    },
  );
};
