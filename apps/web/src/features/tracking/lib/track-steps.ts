import type { OrderStatusChangeWire } from '@shop/shared/contract/orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { statusLabel } from '@shop/shared/domain/status-label';

/** One step of the tracking page's timeline: done (with when), the order's status now, or still to come. */
export interface TrackStep {
  status: OrderStatus;
  /** The status in the words the customer's own pages use ('Ready to collect' for a collection). */
  label: string;
  state: 'done' | 'current' | 'upcoming';
  /** 'Wed 18 Nov at 18:02'-style parts of when the order reached it; null for a step still to come. */
  at: { date: string; time: string } | null;
}

const PROGRESS: readonly OrderStatus[] = ['Pending Order', 'Approved Order', 'On the way', 'Delivered Order'];

type TrackOrder = {
  status: OrderStatus;
  fulfilment: Fulfilment;
  statusHistory: readonly OrderStatusChangeWire[];
  date: string;
  time: string;
};

/**
 * The order's way from placed to delivered (collected), as parcel tracking draws it: the steps it has passed with
 * their times, the one it is at, and those still to come. A canceled order ends at 'Canceled Order' after the steps
 * it passed; a step the shop skipped (straight from accepted to delivered) is left out once passed.
 */
export function trackSteps(order: TrackOrder): TrackStep[] {
  const reached = new Map<OrderStatus, { date: string; time: string }>();
  for (const change of order.statusHistory)
    if (!reached.has(change.status)) reached.set(change.status, { date: change.date, time: change.time });
  if (!reached.has('Pending Order')) reached.set('Pending Order', { date: order.date, time: order.time });
  const label = (status: OrderStatus) => statusLabel(status, order.fulfilment);

  if (order.status === 'Canceled Order') {
    const passed = PROGRESS.filter((status) => reached.has(status)).map<TrackStep>((status) => ({
      status,
      label: label(status),
      state: 'done',
      at: reached.get(status) ?? null,
    }));
    return [
      ...passed,
      { status: 'Canceled Order', label: label('Canceled Order'), state: 'current', at: reached.get('Canceled Order') ?? null },
    ];
  }

  const now = Math.max(0, PROGRESS.indexOf(order.status));
  return PROGRESS.flatMap<TrackStep>((status, index) => {
    if (index < now && !reached.has(status)) return [];
    const state = index < now ? 'done' : index === now ? 'current' : 'upcoming';
    return [{ status, label: label(status), state, at: state === 'upcoming' ? null : (reached.get(status) ?? null) }];
  });
}
