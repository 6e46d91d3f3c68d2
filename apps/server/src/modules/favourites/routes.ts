import type { FastifyPluginAsync } from 'fastify';
import { objectIdSchema } from '@shop/shared/contract/cart';
import { addFavouriteRequestSchema } from '@shop/shared/contract/favourites';
import { HttpError } from '../../http-errors';
import { assertSelfOrAdmin, currentUser, requireUser } from '../auth/public';
import { addFavourite, deleteFavourite, FAVOURITE_NOT_FOUND, listFavourites } from './service';

// Paths as the spec spells them. Every route needs a signed-in user, and each acts on that user's own favourites.
export const favouriteRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { email: string } }>('/favouritelist/:email', { preHandler: requireUser }, async (request) => {
    const email = request.params.email.trim().toLowerCase();
    assertSelfOrAdmin(request, email);
    return listFavourites(app.db, email);
  });

  app.post('/favouritelist', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const { id, email } = addFavouriteRequestSchema.parse(request.body ?? {});
    if (email !== user.email) throw new HttpError('NOT_YOUR_ACCOUNT', 'You can only add favourites to your own account.');
    return addFavourite(app, user.id, id);
  });

  app.delete<{ Params: { id: string } }>('/favouritelist/:id', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    if (!objectIdSchema.safeParse(request.params.id).success) throw new HttpError('FAVOURITE_NOT_FOUND', FAVOURITE_NOT_FOUND);
    return deleteFavourite(app.db, user.id, request.params.id);
  });
};
