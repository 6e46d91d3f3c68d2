import { OrdersScreen } from '../components/orders-screen';

export function LastMonthOrdersPage() {
  return <OrdersScreen kind="lastMonth" documentTitle="Last Month Orders" />;
}
