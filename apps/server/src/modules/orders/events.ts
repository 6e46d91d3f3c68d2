import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';

/** An order became visible to the shop: a cash order was placed, or a card order was paid. */
export interface OrderPlacedEvent {
  orderId: string;
  userId: string;
}

const emitters = new WeakMap<FastifyInstance, EventEmitter>();

function emitterOf(app: FastifyInstance): EventEmitter {
  let emitter = emitters.get(app);
  if (!emitter) {
    emitter = new EventEmitter();
    emitters.set(app, emitter);
  }
  return emitter;
}

/**
 * Subscribe to orders as they commit (e.g. realtime sends `order_received` to admins). Returns an
 * unsubscribe function. Listeners run after the transaction has committed; their errors are logged.
 */
export function onOrderPlaced(app: FastifyInstance, listener: (event: OrderPlacedEvent) => void | Promise<void>): () => void {
  const wrapped = (event: OrderPlacedEvent) => {
    Promise.resolve()
      .then(() => listener(event))
      .catch((error: unknown) => app.log.error({ err: error, orderId: event.orderId }, 'order placed listener failed'));
  };
  emitterOf(app).on('placed', wrapped);
  return () => emitterOf(app).off('placed', wrapped);
}

export function emitOrderPlaced(app: FastifyInstance, event: OrderPlacedEvent): void {
  emitterOf(app).emit('placed', event);
}
