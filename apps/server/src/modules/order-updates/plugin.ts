import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context';
import { onOrderStatusChanged } from '../orders/public';
import { sendOrderUpdates } from './send';

/**
 * Subscribes the order updates to the orders module's committed changes for as long as the app runs; answers how to
 * stop, which waits for the updates being sent. Detached from the request that made the change, as the mails are.
 */
export function subscribeOrderUpdates(ctx: ServiceContext): () => Promise<void> {
  const working = new Set<Promise<void>>();
  const stop = onOrderStatusChanged(
    ctx.db,
    (event) => {
      const work = sendOrderUpdates(ctx, event);
      working.add(work);
      void work.finally(() => working.delete(work)).catch(() => {});
      return work;
    },
    ctx.log,
  );
  return async () => {
    stop();
    await Promise.allSettled([...working]);
  };
}

/** The app's order updates (registered once in app.ts): subscribed at start, drained at close. */
export async function orderUpdates(app: FastifyInstance): Promise<void> {
  const stop = subscribeOrderUpdates(app);
  app.addHook('onClose', async () => stop());
}
