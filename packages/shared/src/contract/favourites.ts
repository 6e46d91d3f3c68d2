/**
 * Favourites on the wire (SPEC.md section 7): `GET /api/favouritelist/{email}`, `POST /api/favouritelist`,
 * `DELETE /api/favouritelist/{id}`. The spec's names are kept: `id` is the product's id, `messege` the
 * duplicate warning.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { objectIdSchema } from './cart';
import { deletedAnswerSchema, productWireSchema } from './catalogue';

/** `POST /api/favouritelist` body: the product's id and the signed-in user's e-mail. */
export const addFavouriteRequestSchema = z.strictObject({
  id: objectIdSchema,
  email: emailField('Please Enter Valid Email!'),
});
export type AddFavouriteRequest = z.infer<typeof addFavouriteRequestSchema>;

/** The warning a duplicate answers with (status 200), in the spec's `messege` field. */
export const FAVOURITE_ALREADY_ADDED = 'Already added to favourites';

/** `POST /api/favouritelist` answer: the new favourite's id, or the duplicate warning. */
export const addFavouriteAnswerSchema = z.union([z.strictObject({ insertedId: z.string() }), z.strictObject({ messege: z.string() })]);
export type AddFavouriteAnswer = z.infer<typeof addFavouriteAnswerSchema>;

/**
 * One entry of `GET /api/favouritelist/{email}`: the favourite's own id (`_id`, for DELETE), the product's id
 * (`id`) and the owner's e-mail as the spec stores them, plus the product as `GET /api/allproduts` lists it,
 * so the favourites page draws the same cards as the menu without a second request.
 */
export type FavouriteWire<Product> = { _id: string; id: string; email: string; product: Product };
export const favouriteWireSchema = z.strictObject({ _id: z.string(), id: z.string(), email: z.string(), product: productWireSchema });

/** `DELETE /api/favouritelist/{id}` answer. */
export const deleteFavouriteAnswerSchema = deletedAnswerSchema;
export type DeleteFavouriteAnswer = z.infer<typeof deleteFavouriteAnswerSchema>;
