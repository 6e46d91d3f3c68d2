import { OrdersScreen } from '../components/orders-screen';

/** /pendingorders, the spec's pending-orders screen: only 'Pending Order', newest first. */
export function PendingOrdersPage() {
  return <OrdersScreen kind="pending" documentTitle="Pending Orders" />;
}
