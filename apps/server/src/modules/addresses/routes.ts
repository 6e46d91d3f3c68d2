import type { FastifyPluginAsync } from 'fastify';
import { addressInputSchema, type AddressUpdate } from '@shop/shared/contract/addresses';
import { objectIdSchema } from '@shop/shared/contract/cart';
import { HttpError } from '../../http-errors';
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

type IdParams = { Params: { id: string } };

function addressId(raw: string): string {
  // A malformed id cannot name an address: answer as for a missing one.
  const parsed = objectIdSchema.safeParse(raw);
  if (!parsed.success) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
  return parsed.data;
}

// Paths as the spec spells them (SPEC.md section 7). Only the owner or an admin reads or changes an address.
export const addressRoutes: FastifyPluginAsync = async (app) => {
  app.post('/address-collection', { preHandler: requireUser }, async (request, reply) => {
    const input = addressInputSchema.parse(request.body);
    const insertedId = await createAddress(app, currentUser(request), input);
    return reply.code(201).send({ insertedId });
  });

  app.get<IdParams>('/address-collection/:id', { preHandler: requireUser }, async (request) =>
    toAddressWire(await findOwnAddress(app.db, currentUser(request), addressId(request.params.id))),
  );

  app.put<IdParams & { Body: AddressUpdate }>('/address-collection/:id', { preHandler: requireUser }, async (request) => {
    const modifiedCount = await updateAddress(app, currentUser(request), addressId(request.params.id), request.body);
    return { modifiedCount };
  });

  app.delete<IdParams>('/address-collection/:id', { preHandler: requireUser }, async (request) => {
    const deletedCount = await deleteAddress(app.db, currentUser(request), addressId(request.params.id));
    return { deletedCount };
  });

  app.get<{ Params: { email: string } }>('/get-address-by-email/:email', { preHandler: requireUser }, async (request) => {
    assertSelfOrAdmin(request, request.params.email);
    return listAddressesByEmail(app.db, request.params.email);
  });
};
