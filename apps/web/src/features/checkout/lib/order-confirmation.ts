import { ORDER_CONFIRMATION, orderEventSchema } from '@shop/shared/contract/realtime';
import { emitRealtime } from '../../../lib/realtime';
import type { RealtimeSocket } from '../../../lib/realtime-socket';

/**
 * SPEC.md section 4: once the order is placed, checkout sends `order_confirmation {order_id}`; the server answers
 * this socket with `order_updated`, so the notification page refetches. It is only a prompt: without a socket
 * (not loaded yet) nothing is sent, a socket still connecting sends it once connected, and a failure is swallowed,
 * so it can never hold up or break checkout; the notification page reads the order over HTTP anyway.
 */
export function sendOrderConfirmation(socket: Pick<RealtimeSocket, 'emit'> | null, orderId: string): boolean {
  const payload = { order_id: orderId };
  if (!socket || !orderEventSchema.safeParse(payload).success) return false;
  try {
    emitRealtime(socket, ORDER_CONFIRMATION, payload);
    return true;
  } catch {
    return false;
  }
}
