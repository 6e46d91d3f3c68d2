import { OrdersScreen } from '../components/orders-screen';

/** /allorders: every order, as /order-list (the detail of one is /allorders/{id}). */
export function AllOrdersPage() {
  return <OrdersScreen kind="all" documentTitle="All Orders" />;
}
