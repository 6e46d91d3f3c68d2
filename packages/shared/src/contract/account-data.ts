/**
 * The customer's own data (issue 22 point 5, UK GDPR; decision 1002): `GET /api/profile/data`, everything the shop
 * holds about the signed-in customer as one JSON file, and `POST /api/profile/delete`, the account erased (its
 * password asked again) while its orders stay, anonymised, in the shop's books.
 */
import { z } from 'zod';
import { ROLES } from '../domain/roles';

/** The words the profile shows once the account is deleted, and the server answers. */
export const ACCOUNT_DELETED = 'Your account is deleted. Your orders stay in the shop’s books without your name or address.';
/** 409 ACCOUNT_HAS_OPEN_ORDERS: the kitchen or the driver still needs the address. */
export const OPEN_ORDERS_BLOCK_DELETE =
  'You have an order that is not delivered yet. You can delete your account once it is delivered or canceled.';
/** 403 FORBIDDEN for an admin: the shop's own accounts are not erased from the profile. */
export const ADMIN_CANNOT_DELETE = 'An admin account cannot be deleted from the profile.';

export const deleteAccountBodySchema = z.strictObject({
  /** The account's password, asked again. */
  password: z.string('Please enter your password.').min(1, 'Please enter your password.').max(200, 'Please enter your password.'),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const deleteAccountAnswerSchema = z.strictObject({ result: z.literal(true), message: z.string() });
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;

const moneyPence = z.number().int().describe('Pence');
const addressSnapshotSchema = z.strictObject({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  postcode: z.string(),
});

/** `GET /api/profile/data`: the file 'Download my data' saves (`my-data-YYYY-MM-DD.json`). */
export const accountDataSchema = z.strictObject({
  exportedAt: z.string().describe('ISO instant, on the shop clock'),
  shop: z.string().describe('The trader the data is held by'),
  account: z.strictObject({ email: z.string(), username: z.string(), role: z.enum(ROLES), createdAt: z.string() }),
  addresses: z.array(addressSnapshotSchema.extend({ id: z.string(), createdAt: z.string() })),
  favourites: z.array(z.strictObject({ productId: z.string(), title: z.string().nullable(), addedAt: z.string() })),
  orders: z.array(
    z.strictObject({
      id: z.string(),
      createdAt: z.string(),
      placedAt: z.string().nullable(),
      status: z.string(),
      fulfilment: z.string(),
      items: z.array(
        z.strictObject({
          title: z.string(),
          quantity: z.number().int(),
          choices: z.array(z.string()),
          unitPrice: moneyPence,
          lineTotal: moneyPence,
        }),
      ),
      subtotal: moneyPence,
      deliveryFee: moneyPence,
      total: moneyPence,
      refundedTotal: moneyPence,
      paymentType: z.string(),
      paymentStatus: z.string(),
      address: addressSnapshotSchema,
      note: z.string(),
      allergyNote: z.string(),
      scheduledFor: z.string().nullable(),
      expectedAt: z.string().nullable(),
      cancelReason: z.string().nullable(),
    }),
  ),
  notifications: z.array(
    z.strictObject({ title: z.string(), description: z.string(), orderId: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type AccountData = z.infer<typeof accountDataSchema>;
