import { OrdersScreen } from '../components/orders-screen';

export function TodaysOrdersPage() {
  return <OrdersScreen period="today" documentTitle="Today's Orders" />;
}
