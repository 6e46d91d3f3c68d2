import { OrdersScreen } from '../components/orders-screen';

export function LastDayOrdersPage() {
  return <OrdersScreen kind="lastDay" documentTitle="Last Day Orders" />;
}
