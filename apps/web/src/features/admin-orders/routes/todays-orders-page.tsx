import { OrdersScreen } from '../components/orders-screen';

/**
 * /todaysorders, the dashboard's all-pending-orders card: the orders still waiting, whenever placed, so the list
 * holds what the card counts (docs/decisions/0500-back-office-screens.md).
 */
export function TodaysOrdersPage() {
  return <OrdersScreen kind="pending" documentTitle="Pending Orders" />;
}
