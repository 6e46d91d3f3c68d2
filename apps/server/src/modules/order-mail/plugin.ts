import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context';
import { flushQueuedMail } from '../../mail/queue';
import { onOrderPlaced, onOrderStatusChanged } from '../orders/public';
import { mailOrderChange, mailOrderPlaced } from './service';

/**
 * Subscribes the order mails to the orders module's events for as long as the app runs; answers how to stop, which
 * waits for the mails being queued and sent. The listeners run detached from the request that caused them (the
 * orders module's events), so a slow or failing mail never delays or fails an order.
 */
export function subscribeOrderMail(ctx: ServiceContext): () => Promise<void> {
  const working = new Set<Promise<void>>();
  const track = (work: Promise<void>): Promise<void> => {
    working.add(work);
    void work.finally(() => working.delete(work)).catch(() => {});
    return work;
  };
  const stops = [
    onOrderPlaced(ctx.db, (event) => track(mailOrderPlaced(ctx, event)), ctx.log),
    onOrderStatusChanged(ctx.db, (event) => track(mailOrderChange(ctx, event)), ctx.log),
  ];
  return async () => {
    for (const stop of stops) stop();
    await Promise.allSettled([...working]);
    await flushQueuedMail(ctx.db);
  };
}

/** The app's order mails (registered once in app.ts): subscribed at start, drained at close. */
export async function orderMail(app: FastifyInstance): Promise<void> {
  const stop = subscribeOrderMail(app);
  app.addHook('onClose', async () => stop());
}
