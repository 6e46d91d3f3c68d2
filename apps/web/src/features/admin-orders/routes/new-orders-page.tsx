import { OrdersScreen } from '../components/orders-screen';

/** /neworders, the Orders Summary (Today) panel's Manage Orders: today's orders, every status. */
export function NewOrdersPage() {
  return <OrdersScreen kind="today" documentTitle="Today's Orders" />;
}
