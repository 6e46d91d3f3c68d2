import { OrdersScreen } from '../components/orders-screen';

/** /order-list, the sidebar's Order List: every order. */
export function OrderListPage() {
  return <OrdersScreen kind="all" documentTitle="Order List" />;
}
