import { OrdersScreen } from '../components/orders-screen';

export function LastWeekOrdersPage() {
  return <OrdersScreen period="last-week" documentTitle="Last Week Orders" />;
}
