import { OrdersScreen } from '../components/orders-screen';

export function AllOrdersPage() {
  return <OrdersScreen period="all" documentTitle="All Orders" />;
}
