import { OrdersScreen } from '../components/orders-screen';

export function LastMonthOrdersPage() {
  return <OrdersScreen period="last-month" documentTitle="Last Month Orders" />;
}
