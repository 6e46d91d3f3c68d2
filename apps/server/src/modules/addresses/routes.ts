import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressInputSchema, addressUpdateSchema, addressWireSchema } from '@shop/shared/contract/addresses';
import { objectIdSchema } from '@shop/shared/contract/cart';
import { deletedAnswerSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared/contract/catalogue';
import { HttpError } from '../../http-errors';
import { emailParams, errorAnswers, idParams } from '../../http/route-schemas';
import { assertSelfOrAdmin, currentUser, requireUser } from '../auth/public';
import {
  ADDRESS_NOT_FOUND,
  createAddress,
  deleteAddress,
  findOwnAddress,
  listAddressesByEmail,
  toAddressWire,
  updateAddress,
} from './service';

function addressId(raw: string): string {
  // A malformed id cannot name an address: answer as for a missing one.
  const parsed = objectIdSchema.safeParse(raw);
  if (!parsed.success) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
  return parsed.data;
}

// Paths as the spec spells them (SPEC.md section 7). Only the owner or an admin reads or changes an address.
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['addresses'];
  const signedIn = { preValidation: requireUser };

  app.post(
    '/address-collection',
    {
      ...signedIn,
      schema: { tags, summary: 'Add an address', body: addressInputSchema, response: { 201: insertedAnswerSchema, ...errorAnswers } },
    },
    async (request, reply) => {
      const insertedId = await createAddress(app, currentUser(request), request.body);
      return reply.code(201).send({ insertedId });
    },
  );

  app.get(
    '/address-collection/:id',
    {
      ...signedIn,
      schema: { tags, summary: 'One of your addresses', params: idParams, response: { 200: addressWireSchema, ...errorAnswers } },
    },
    async (request) => toAddressWire(await findOwnAddress(app.db, currentUser(request), addressId(request.params.id))),
  );

  app.put(
    '/address-collection/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change the fields sent of an address',
        params: idParams,
        body: addressUpdateSchema,
        response: { 200: modifiedAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const modifiedCount = await updateAddress(app, currentUser(request), addressId(request.params.id), request.body);
      return { modifiedCount };
    },
  );

  app.delete(
    '/address-collection/:id',
    {
      ...signedIn,
      schema: { tags, summary: 'Delete an address', params: idParams, response: { 200: deletedAnswerSchema, ...errorAnswers } },
    },
    async (request) => {
      const deletedCount = await deleteAddress(app.db, currentUser(request), addressId(request.params.id));
      return { deletedCount };
    },
  );

  app.get(
    '/get-address-by-email/:email',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'An account’s addresses',
        params: emailParams,
        response: { 200: z.array(addressWireSchema), ...errorAnswers },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      return listAddressesByEmail(app.db, request.params.email);
    },
  );
};
