/**
 * The realtime socket (SPEC.md sections 4, 7 and 9): socket.io 4 on the shop's own origin. The server puts a
 * connection in rooms from its session cookie only; events carry an order id (and to admins, its status), and a
 * client treats one as "this order changed": it refetches through the HTTP API, which checks who may see what.
 */
import { z } from 'zod';
import { orderStatusSchema } from '../domain/order-status';
import { objectIdSchema } from './cart';

// The names and the client's settings live without zod in socket-names.ts (decision 1103).
export { MENU_CHANGED, RUNS_CHANGED, SOCKET_CLIENT_OPTIONS, SOCKET_PATH } from './socket-names';

/** Server to client. */
export const ORDER_RECEIVED = 'order_received';
export const ORDER_UPDATED = 'order_updated';
/**
 * To every admin, whenever an order the shop sees changes after it was placed (accepted, re-timed, on its way,
 * delivered, canceled, its money released or refunded), whoever changed it: with the order's status now, so every
 * admin's page stops ringing for an order once one admin (or the shop's timers) has answered it.
 */
export const ORDER_CHANGED = 'order_changed';
/** Client to server, as the spec names them: accepted, never trusted, never forwarded. */
export const ORDER_UPDATE = 'order_update';
export const ORDER_CONFIRMATION = 'order_confirmation';

/** Every event's payload: `{ order_id }`. */
export const orderEventSchema = z.strictObject({ order_id: objectIdSchema });
export type OrderEvent = z.infer<typeof orderEventSchema>;
/** `order_changed`'s payload: `{ order_id, status }`. */
export const orderChangedEventSchema = z.strictObject({ order_id: objectIdSchema, status: orderStatusSchema });
export type OrderChangedEvent = z.infer<typeof orderChangedEventSchema>;

/** Rooms: every admin connection joins ADMINS_ROOM; a customer's connections join customerRoom(userId). */
export const ADMINS_ROOM = 'admins';
export function customerRoom(userId: string): string {
  return `user:${userId}`;
}

/** The server's side of SPEC.md section 9: payloads over 1024 bytes are compressed. */
export const SOCKET_COMPRESSION_THRESHOLD = 1024;

/** The handshake's refusal when its Origin is not the shop's (the browser shows it as a connect_error). */
export const FOREIGN_ORIGIN = 'This connection does not come from the shop';
