/**
 * Order updates to the customer (decision 1702): the tracker's delivery progress and the channels that tell the
 * customer of an order's accepted, on-the-way and delivered events, Web Push and text messages.
 *
 * - `GET /api/push/key` (everyone): the shop's VAPID public key, for `pushManager.subscribe`.
 * - `POST /api/track/:token/push {endpoint, keys}` (whoever holds the link): this browser gets Web Push updates of
 *   the order; `DELETE /api/track/:token/push {endpoint}` stops them.
 * - `GET`/`PUT /api/track/:token/updates`: which channels the shop offers for the order and which the customer has
 *   on; a PUT turns one off (or back on).
 */
import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../domain/push-endpoint';

export const ORDER_UPDATE_EVENTS = ['accepted', 'on-the-way', 'delivered'] as const;
export type OrderUpdateEvent = (typeof ORDER_UPDATE_EVENTS)[number];
export const ORDER_UPDATE_CHANNELS = ['push', 'sms'] as const;
export type OrderUpdateChannel = (typeof ORDER_UPDATE_CHANNELS)[number];

export const pushKeyAnswerSchema = z.strictObject({
  /** The VAPID public key, base64url (an uncompressed P-256 point): pushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
});
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

const base64Url = (name: string, min: number, max: number) =>
  z
    .string(`${name} must be base64url text`)
    .min(min, `${name} must be base64url text of ${min} to ${max} characters`)
    .max(max, `${name} must be base64url text of ${min} to ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url text`);

const endpointSchema = z
  .string('endpoint must be the push service URL the browser gave')
  .min(1, 'endpoint must be the push service URL the browser gave')
  .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`);

/** PushSubscription.toJSON() as the browser gives it (expirationTime and the rest are ignored). */
export const pushSubscribeBodySchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      /** The browser's P-256 public key (65 bytes, 87 or 88 characters of base64url). */
      p256dh: base64Url('keys.p256dh', 80, 100),
      /** The browser's 16-byte auth secret (22 to 24 characters). */
      auth: base64Url('keys.auth', 16, 32),
    },
    'keys must be {p256dh, auth} as the browser gives them',
  ),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: endpointSchema });

/** `GET`/`PUT /api/track/:token/updates`: per channel, whether the shop sends it for this order and whether it is on. */
export const orderUpdatesAnswerSchema = z.strictObject({
  push: z.strictObject({
    /** The shop sends Web Push updates (its setting). */
    offered: z.boolean(),
    /** The customer has not turned push off for this order. */
    on: z.boolean(),
    /** Browsers subscribed to this order's updates (not ended). */
    subscriptions: z.number().int(),
  }),
  sms: z.strictObject({
    /** The shop sends texts (its setting and a provider), and the order has a phone number. */
    offered: z.boolean(),
    on: z.boolean(),
  }),
});
export type OrderUpdatesAnswer = z.infer<typeof orderUpdatesAnswerSchema>;

export const orderUpdatesChangeSchema = z
  .strictObject({
    push: z.boolean('push must be true or false').optional(),
    sms: z.boolean('sms must be true or false').optional(),
  })
  .refine((body) => body.push !== undefined || body.sms !== undefined, 'Send push or sms: true to turn it on, false to turn it off');
export type OrderUpdatesChange = z.infer<typeof orderUpdatesChangeSchema>;
