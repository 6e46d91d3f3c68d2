import { OrdersScreen } from '../components/orders-screen';

export function LastDayOrdersPage() {
  return <OrdersScreen period="last-day" documentTitle="Last Day Orders" />;
}
