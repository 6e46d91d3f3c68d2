import { OrdersScreen } from '../components/orders-screen';

export function LastWeekOrdersPage() {
  return <OrdersScreen kind="lastWeek" documentTitle="Last Week Orders" />;
}
