import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { adminOrderQuery, ADMIN_ORDERS_KEY, putOrderStatus, refetchAfterStatusChange } from '../../../lib/admin-orders';
import { api } from '../../../lib/api';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { catchUp, emptyQueue, PENDING_ORDER, receive, refresh, rememberKnown, sentence, settle, type OrderQueue } from '../lib/order-queue';

/** `GET /api/buy-product/{id}`, always read afresh, under the key the order's detail screen reads (it opens at once). */
function loadOrder(queryClient: QueryClient, id: string): Promise<OrderWire> {
  return queryClient.fetchQuery(adminOrderQuery(id));
}

/** More pages than this (50 orders each) are not read: 1000 orders waiting is not a shop the popup can help. */
const MAX_PENDING_PAGES = 20;

/**
 * Every order with status Pending Order: `GET /api/buy-product?status=Pending%20Order&page=n`, newest first, page by
 * page until an empty one (the page size is the server's business).
 */
async function loadPendingOrders(): Promise<OrderWire[]> {
  const all: OrderWire[] = [];
  for (let page = 1; page <= MAX_PENDING_PAGES; page += 1) {
    const orders = await api.get<OrderWire[]>(`/buy-product?status=${encodeURIComponent(PENDING_ORDER)}&page=${page}`);
    if (orders.length === 0) break;
    all.push(...orders);
  }
  return all;
}

/**
 * The tab's new-order queue. It lives outside React so it outlasts the admin layout: an admin who visits the
 * storefront's Home and comes back finds the orders still waiting, and the baseline is taken once per tab.
 */
const store = (() => {
  let owner: string | null = null;
  let queue: OrderQueue<OrderWire> = emptyQueue();
  /** True once the pending orders of the tab's first connection have been remembered. */
  let baselineTaken = false;
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: OrderQueue<OrderWire>) => {
    if (next === queue) return;
    queue = next;
    for (const listener of listeners) listener();
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => queue,
    /** A different admin signed in, in this tab: nothing of the previous one's queue carries over. */
    setOwner(next: string | null) {
      if (next === owner) return;
      owner = next;
      baselineTaken = false;
      inFlight = null;
      set(emptyQueue());
    },
    /**
     * The socket connected. The first time in this tab, the orders already pending are remembered and do not ring
     * (the admin is opening the back office, not being told of new orders). Every later time (a reconnect, or the
     * admin layout mounting again) the pending orders not seen yet are queued: they were placed while no event
     * could reach this screen. One read at a time; a connection while one runs waits for it.
     */
    connected(): Promise<void> {
      if (inFlight) return inFlight;
      const forOwner = owner;
      const run = async () => {
        const pending = await loadPendingOrders();
        if (owner !== forOwner) return;
        if (baselineTaken) {
          set(catchUp(queue, pending));
        } else {
          set(
            rememberKnown(
              queue,
              pending.map((order) => order._id),
            ),
          );
          baselineTaken = true;
        }
      };
      inFlight = run()
        .catch((error: unknown) => {
          // Without a baseline the next connection tries again; events meanwhile still ring.
          console.warn('Could not read the pending orders', error);
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    async received(queryClient: QueryClient, id: string): Promise<void> {
      const forOwner = owner;
      try {
        const order = await loadOrder(queryClient, id);
        if (owner === forOwner) set(receive(queue, order));
      } catch (error) {
        // The next reconnect's catch-up finds it, as it is not known.
        console.warn(`Could not load the new order ${id}`, error);
        showToast('A new order has been placed but could not be loaded. Open the pending orders to see it.', 'error', 6000);
      }
    },
    settle(id: string) {
      set(settle(queue, id));
    },
    refresh(order: OrderWire) {
      set(refresh(queue, order));
    },
  };
})();

/** Listens for new orders (SPEC.md section 4) and answers the tab's queue, for the popup. */
export function useNewOrderQueue(): OrderQueue<OrderWire> {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const owner = user?.role === 'admin' ? user.email : null;

  useEffect(() => {
    store.setOwner(owner);
  }, [owner]);

  // Whether `reconnected` or not, what to do depends on the tab: its first connection takes the baseline, any
  // other (a reconnect, the layout mounted again) catches up.
  useRealtimeConnected(() => {
    void store.connected();
  });
  useRealtimeEvent(ORDER_RECEIVED, ({ order_id }) => {
    void store.received(queryClient, order_id);
  });

  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** What became of a change: applied, or not, with the reason in words an admin can act on. */
export type StatusChangeResult = { applied: true } | { applied: false; reason: string };

const DONE: Partial<Record<OrderStatus, string>> = { 'Approved Order': 'Order approved', 'Canceled Order': 'Order canceled' };

/**
 * `PUT /api/update-sell-products/{id}` from the popup. Applied only when the server answers modifiedCount > 0
 * (SPEC.md section 4): the order leaves the queue, and the admin order lists and the dashboard's figures reload.
 * Otherwise (the same status already, or refused because, say, it was canceled meanwhile) an error toast says why
 * and the popup keeps the order, read again to show its status; the admin order lists reload all the same.
 */
export function useSetOrderStatus(): (order: OrderWire, status: OrderStatus) => Promise<StatusChangeResult> {
  const queryClient = useQueryClient();
  return useCallback(
    async (order, status) => {
      let result: StatusChangeResult;
      try {
        const applied = await putOrderStatus(order._id, status);
        result = applied ? { applied: true } : { applied: false, reason: `The order is already ${status}` };
      } catch (error) {
        result = { applied: false, reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.applied) {
        void refetchAfterStatusChange(queryClient);
        showToast(DONE[status] ?? `Order set to ${status}`);
        store.settle(order._id);
        return result;
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
      showToast(`Could not update the order. ${sentence(result.reason)}`, 'error', 6000);
      try {
        store.refresh(await loadOrder(queryClient, order._id));
      } catch {
        // The popup keeps the copy it has.
      }
      return result;
    },
    [queryClient],
  );
}

/** The admin opened the order's details: it leaves the queue. */
export function dismissNewOrder(id: string): void {
  store.settle(id);
}
