import { OrdersScreen } from '../components/orders-screen';

export function NewOrdersPage() {
  return <OrdersScreen period="today" documentTitle="New Orders" />;
}
