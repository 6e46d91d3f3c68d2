import { OrdersScreen } from '../components/orders-screen';

/**
 * /acceptedorders: the orders accepted and not yet on their way ('Approved Order'), by when they are due, so the
 * kitchen cooks the soonest first and an order placed ahead for tomorrow waits below tonight's.
 */
export function AcceptedOrdersPage() {
  return <OrdersScreen kind="accepted" title="Accepted Orders" documentTitle="Accepted Orders" />;
}
