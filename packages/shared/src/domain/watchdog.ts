/**
 * The board's watchdog (decision 1700): a delivery ready but with no driver, or on the way far past its time, warns
 * in plain words. Pure: the shop clock and the settings come in.
 */
import type { OrderStatus } from './order-status';

export interface WatchedDelivery {
  orderId: string;
  /** As people see it (displayOrderId). */
  orderNumber: string;
  status: OrderStatus;
  readyAt: Date | null;
  /** On a driver's run. */
  assigned: boolean;
  /** When the customer was told it arrives. */
  expectedAt: Date | null;
  driverName: string | null;
}

export interface WatchdogSettings {
  /** Ready and unassigned this long warns; 0: never. */
  unassignedWarnMinutes: number;
  /** On the way this long past its expected time warns; 0: never. */
  lateDeliveryWarnMinutes: number;
}

export interface Warning {
  kind: 'unassigned' | 'late';
  orderId: string;
  orderNumber: string;
  minutes: number;
  message: string;
}

const minutesBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 60_000);

/** The warnings, the longest waits first within each kind, the unassigned before the late. */
export function watchdogWarnings(now: Date, settings: WatchdogSettings, deliveries: readonly WatchedDelivery[]): Warning[] {
  const unassigned: Warning[] = [];
  const late: Warning[] = [];
  for (const delivery of deliveries) {
    if (delivery.status === 'Approved Order' && !delivery.assigned && delivery.readyAt && settings.unassignedWarnMinutes > 0) {
      const minutes = minutesBetween(delivery.readyAt, now);
      if (minutes >= settings.unassignedWarnMinutes) {
        unassigned.push({
          kind: 'unassigned',
          orderId: delivery.orderId,
          orderNumber: delivery.orderNumber,
          minutes,
          message: `Order ${delivery.orderNumber} ready ${minutes} min, no driver`,
        });
      }
    }
    if (delivery.status === 'On the way' && delivery.expectedAt && settings.lateDeliveryWarnMinutes > 0) {
      const minutes = minutesBetween(delivery.expectedAt, now);
      if (minutes >= settings.lateDeliveryWarnMinutes) {
        const driver = delivery.driverName ? ` with ${delivery.driverName}` : '';
        late.push({
          kind: 'late',
          orderId: delivery.orderId,
          orderNumber: delivery.orderNumber,
          minutes,
          message: `Order ${delivery.orderNumber} on the way${driver}, ${minutes} min past its time`,
        });
      }
    }
  }
  const longestFirst = (a: Warning, b: Warning) => b.minutes - a.minutes || a.orderId.localeCompare(b.orderId);
  return [...unassigned.sort(longestFirst), ...late.sort(longestFirst)];
}
