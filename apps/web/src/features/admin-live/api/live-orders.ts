import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderWire, UpdateOrderStatusRequest } from '@shop/shared/contract/orders';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { statusLabel } from '@shop/shared/domain/status-label';
import { adminOrderQuery, ADMIN_ORDERS_KEY, putOrderChange, refetchAfterStatusChange } from '../../../lib/admin-orders';
import { useOrderChanged, type OrderChange } from '../../../lib/admin-order-events';
import { api } from '../../../lib/api';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { emptyQueue, PENDING_ORDER, receive, sentence, settle, sync, type OrderQueue } from '../lib/order-queue';
import { can } from '@shop/shared/domain/roles';

/** `GET /api/buy-product/{id}`, always read afresh, under the key the order's detail screen reads (it opens at once). */
function loadOrder(queryClient: QueryClient, id: string): Promise<OrderWire> {
  return queryClient.fetchQuery(adminOrderQuery(id));
}

/** More pages than this (50 orders each) are not read: 1000 orders waiting is not a shop the popup can help. */
const MAX_PENDING_PAGES = 20;

/**
 * While an order waits, the pending orders are read again this often: another admin's answer stops the chime even
 * if its `order_changed` event was missed (a dropped connection, a server that does not send it).
 */
export const WAITING_RECHECK_MS = 30_000;

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

export interface LiveOrders {
  queue: OrderQueue<OrderWire>;
  /** Goes up by one each time an order arrives already accepted (the shop's auto-accept): it rings once. */
  autoAccepted: number;
}

/**
 * The tab's waiting orders. They live outside React so they outlast any screen: the popup is mounted once for the
 * whole app (storefront and back office), and an admin who moves between pages keeps hearing what waits.
 */
const store = (() => {
  let owner: string | null = null;
  let state: LiveOrders = { queue: emptyQueue(), autoAccepted: 0 };
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: LiveOrders) => {
    if (next.queue === state.queue && next.autoAccepted === state.autoAccepted) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const setQueue = (queue: OrderQueue<OrderWire>) => set({ ...state, queue });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    /** A different admin signed in, in this tab: nothing of the previous one's queue carries over. */
    setOwner(next: string | null) {
      if (next === owner) return;
      owner = next;
      inFlight = null;
      set({ queue: emptyQueue(), autoAccepted: 0 });
    },
    /**
     * Reads every pending order the shop sees and makes them the waiting orders (each connection, a reconnect
     * included, and every WAITING_RECHECK_MS while any waits). One read at a time; a call while one runs joins it.
     */
    resync(): Promise<void> {
      if (inFlight) return inFlight;
      const forOwner = owner;
      const asked = new Set(state.queue.waiting.map((order) => order._id));
      const run = async () => {
        const pending = await loadPendingOrders();
        if (owner === forOwner) setQueue(sync(state.queue, pending, asked));
      };
      inFlight = run()
        .catch((error: unknown) => {
          // The next connection or recheck tries again; events meanwhile still ring.
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
        if (owner !== forOwner) return;
        const before = state.queue;
        setQueue(receive(state.queue, order));
        // Accepted on arrival by the shop's setting: nobody has to answer it, but the shop hears it came in.
        if (order.status === 'Approved Order' && !before.done.has(order._id)) {
          set({ ...state, autoAccepted: state.autoAccepted + 1 });
          showToast(
            `New order ${displayOrderId(order._id)} was accepted automatically${order.expectedTime ? `: expected at ${order.expectedTime}` : ''}`,
            'info',
            6000,
          );
        }
      } catch (error) {
        // The next recheck or reconnect finds it.
        console.warn(`Could not load the new order ${id}`, error);
        showToast('A new order has been placed but could not be loaded. Open the pending orders to see it.', 'error', 6000);
      }
    },
    /** Another admin (or the server's timer) changed an order: one that left Pending Order stops waiting. */
    async changed(queryClient: QueryClient, change: OrderChange): Promise<void> {
      if (change.status !== null && change.status !== PENDING_ORDER) {
        setQueue(settle(state.queue, change.orderId));
        return;
      }
      const forOwner = owner;
      try {
        const order = await loadOrder(queryClient, change.orderId);
        if (owner === forOwner) setQueue(receive(state.queue, order));
      } catch (error) {
        console.warn(`Could not read the changed order ${change.orderId}`, error);
      }
    },
    settle(id: string) {
      setQueue(settle(state.queue, id));
    },
    refresh(order: OrderWire) {
      setQueue(receive(state.queue, order));
    },
  };
})();

/**
 * Listens for new and changed orders (SPEC.md section 4) and answers the tab's waiting orders, for the
 * popup and its chime.
 */
export function useLiveOrders(): LiveOrders {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const owner = can(user?.role, 'board') ? (user?.email ?? null) : null;

  useEffect(() => {
    store.setOwner(owner);
  }, [owner]);

  // Every connection, the tab's first and each reconnect, reads what waits: orders placed while no event could
  // reach this tab, and those waiting before the back office was opened, all ring.
  useRealtimeConnected(() => {
    void store.resync();
  });
  useRealtimeEvent(ORDER_RECEIVED, ({ order_id }) => {
    void store.received(queryClient, order_id);
  });
  useOrderChanged((change) => {
    void store.changed(queryClient, change);
  });

  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const anyWaiting = live.queue.waiting.length > 0;
  useEffect(() => {
    if (!anyWaiting) return undefined;
    const timer = window.setInterval(() => void store.resync(), WAITING_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [anyWaiting]);
  return live;
}

/** What became of a change: applied, or not, with the refusal (its code and the server's words). */
export type StatusChangeResult = { applied: true } | { applied: false; reason: string; error: unknown };

function doneToast(order: OrderWire, change: UpdateOrderStatusRequest): string {
  if (change.status === 'Approved Order') return 'Order approved';
  if (change.status === 'Canceled Order') return 'Order canceled';
  return change.status ? `Order set to ${statusLabel(change.status, order.fulfilment)}` : 'Order updated';
}

/**
 * `PUT /api/update-sell-products/{id}` from the popup: `{status: 'Approved Order', readyInMinutes}` or
 * `{status: 'Canceled Order', reason}`. Applied only when the server answers modifiedCount > 0 (SPEC.md section 4):
 * the order stops waiting, and the admin order lists and the dashboard's figures reload. Otherwise (already in that
 * status, or refused: a card that could not be charged, an order canceled meanwhile) an error toast says why and
 * the order is read again: still pending, it keeps waiting and ringing.
 */
export function useAnswerOrder(): (order: OrderWire, change: UpdateOrderStatusRequest) => Promise<StatusChangeResult> {
  const queryClient = useQueryClient();
  return useCallback(
    async (order, change) => {
      let result: StatusChangeResult;
      try {
        const applied = await putOrderChange(order._id, change);
        result = applied
          ? { applied: true }
          : { applied: false, reason: `The order is already ${statusLabel(change.status ?? order.status, order.fulfilment)}`, error: null };
      } catch (error) {
        result = { applied: false, reason: error instanceof Error ? error.message : String(error), error };
      }
      if (result.applied) {
        void refetchAfterStatusChange(queryClient);
        showToast(doneToast(order, change));
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
