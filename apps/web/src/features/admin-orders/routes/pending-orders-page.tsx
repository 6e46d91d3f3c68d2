import { OrdersScreen } from '../components/orders-screen';

export function PendingOrdersPage() {
  return <OrdersScreen period="pending" title="Pending Orders" documentTitle="Pending Orders" />;
}
