import { OrdersScreen } from '../components/orders-screen';

export function OrderListPage() {
  return <OrdersScreen period="all" documentTitle="Order List" />;
}
