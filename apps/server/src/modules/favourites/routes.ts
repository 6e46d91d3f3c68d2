import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { objectIdSchema } from '@shop/shared/contract/cart';
import {
  addFavouriteAnswerSchema,
  addFavouriteRequestSchema,
  deleteFavouriteAnswerSchema,
  favouriteWireSchema,
} from '@shop/shared/contract/favourites';
import { HttpError } from '../../http-errors';
import { emailParams, errorAnswers, idParams } from '../../http/route-schemas';
import { assertSelfOrAdmin, currentUser, requireUser } from '../auth/public';
import { addFavourite, deleteFavourite, FAVOURITE_NOT_FOUND, listFavourites } from './service';

// Paths as the spec spells them. Every route needs a signed-in user, and each acts on that user's own favourites.
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['favourites'];
  const signedIn = { preValidation: requireUser };

  app.get(
    '/favouritelist/:email',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'An account’s favourites, each with its product',
        params: emailParams,
        response: { 200: z.array(favouriteWireSchema), ...errorAnswers },
      },
    },
    async (request) => {
      const email = request.params.email.trim().toLowerCase();
      assertSelfOrAdmin(request, email);
      return listFavourites(app.db, email, app.now());
    },
  );

  app.post(
    '/favouritelist',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a product to your favourites (a duplicate answers the `messege` warning)',
        body: addFavouriteRequestSchema,
        response: { 200: addFavouriteAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, email } = request.body;
      if (email !== user.email) throw new HttpError('NOT_YOUR_ACCOUNT', 'You can only add favourites to your own account.');
      return addFavourite(app, user.id, id);
    },
  );

  app.delete(
    '/favouritelist/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Remove a favourite (by the favourite’s own id)',
        params: idParams,
        response: { 200: deleteFavouriteAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!objectIdSchema.safeParse(request.params.id).success) throw new HttpError('FAVOURITE_NOT_FOUND', FAVOURITE_NOT_FOUND);
      return deleteFavourite(app.db, user.id, request.params.id);
    },
  );
};
