import type { FastifyInstance } from 'fastify';
import { ORDER_UPDATED, orderEventSchema } from '@shop/shared/contract/realtime';
import { findSessionUser } from '../modules/auth/public';
import { maySeeOrder } from '../modules/orders/public';
import type { RealtimeSocket } from './types';

/** The answer to a client event's acknowledgement callback. */
export type ClientEventAnswer = { ok: true } | { ok: false; message: string };
export type ClientEventAck = (answer: ClientEventAnswer) => void;

export const BAD_ORDER_EVENT = 'Send {order_id} with the id of one of your orders';
export const SIGN_IN_TO_FOLLOW = 'Sign in to follow your orders';
export const SESSION_ENDED = 'Your session has ended: please sign in again';
export const NOT_YOUR_ORDER = 'Order not found';
export const TOO_MANY_EVENTS = 'Too many events: wait a few seconds';

/** At most `limit` client events in any `windowMs` per socket: each one costs a session and an order lookup. */
export class ClientEventBudget {
  private readonly times: number[] = [];

  constructor(
    private readonly limit = 20,
    private readonly windowMs = 10_000,
  ) {}

  take(now = Date.now()): boolean {
    while (this.times.length > 0 && (this.times[0] as number) <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }
}

interface ClientOrderEvent {
  app: FastifyInstance;
  socket: RealtimeSocket;
  payload: unknown;
  ack: ClientEventAck | undefined;
}

/**
 * `order_update` and `order_confirmation` from a client (SPEC.md sections 4 and 7). They only prompt a refetch: when
 * the sender may see the order (its customer, or an admin for an order the shop sees) that one socket gets
 * `order_updated {order_id}` back, and the ack `{ok: true}`. Otherwise nothing is sent to anyone and the ack says
 * why. Nothing is ever broadcast on a client's word. The session is read again, so an ended one cannot use it.
 */
export async function answerClientOrderEvent({ app, socket, payload, ack }: ClientOrderEvent): Promise<void> {
  const reply = (answer: ClientEventAnswer) => {
    try {
      ack?.(answer);
    } catch {
      // An acknowledgement is the client's callback on the client side; nothing here can fail it.
    }
  };
  if (!socket.data.budget.take()) return reply({ ok: false, message: TOO_MANY_EVENTS });
  const parsed = orderEventSchema.safeParse(payload);
  if (!parsed.success) return reply({ ok: false, message: BAD_ORDER_EVENT });
  const { token } = socket.data;
  if (!token || !socket.data.user) return reply({ ok: false, message: SIGN_IN_TO_FOLLOW });
  try {
    const session = await findSessionUser(app.db, token, app.now());
    if (!session) {
      reply({ ok: false, message: SESSION_ENDED });
      socket.disconnect(true);
      return;
    }
    if (!(await maySeeOrder(app.db, session.user, parsed.data.order_id))) return reply({ ok: false, message: NOT_YOUR_ORDER });
    socket.emit(ORDER_UPDATED, { order_id: parsed.data.order_id });
    reply({ ok: true });
  } catch (error) {
    app.log.error({ err: error }, 'realtime: a client event could not be answered');
    reply({ ok: false, message: 'The shop could not check this order: try again' });
  }
}
