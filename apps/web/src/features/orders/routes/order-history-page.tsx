import { Link } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { NO_PRODUCT_BOUGHT } from '@shop/shared/domain/messages';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import { ScheduledFor } from '../../../components/scheduled-for';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { Page } from '../../../components/page';
import { Alert } from '../../../components/ui';
import { PageSpinner } from '../../../components/page-spinner';
import { useLiveCustomerOrders, useOrderHistory } from '../../../lib/customer-orders';
import { formatWirePounds } from '../../../lib/money';
import { useSession } from '../../../lib/use-session';
import { orderPath } from '../../../lib/paths';

/** The status, and under it when the order is expected or why it was canceled. */
function OrderStatus({ order }: { order: OrderWire }) {
  const promise = orderPromiseLine(order);
  return (
    <>
      {statusLabel(order.status, order.fulfilment)}
      {order.fulfilment === 'collection' && <p className="ui-p ui-body2 order-history-flag">Collection</p>}
      <ScheduledFor order={order} className="order-history-scheduled" />
      {order.allergyNote && <p className="ui-p ui-body2 order-history-flag">Allergy: {order.allergyNote}</p>}
      {promise && <p className={`ui-p ui-body2 ${order.status === 'Canceled Order' ? 'ui-error-text' : 'ui-muted'}`}>{promise}</p>}
    </>
  );
}

/** `/profile/my-orders`: the customer's orders, newest first, each linking to its detail. */
export function OrderHistoryPage() {
  const { user } = useSession();
  const history = useOrderHistory(user?.email);
  useLiveCustomerOrders();
  const orders = history.data ?? [];

  return (
    <Page title="My Orders">
      {history.isPending && <PageSpinner label="Loading your orders" />}
      {history.isError && <Alert severity="error">{history.error.message}</Alert>}
      {history.isSuccess && orders.length === 0 && (
        <div className="ui-surface orders-empty">
          <p className="ui-p">{NO_PRODUCT_BOUGHT}</p>
        </div>
      )}
      {orders.length > 0 && (
        <div className="ui-table-wrap ui-surface is-flush">
          {/* Payment and Quantity only from sm up: a phone keeps the id, date, total and status. */}
          <table aria-label="Order history" className="ui-table is-small order-history">
            <thead>
              <tr>
                <th>Order Id</th>
                <th>Date</th>
                <th className="is-wide">Payment</th>
                <th className="is-wide is-numeric">Quantity</th>
                <th className="is-numeric">Total Price</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order._id}>
                  <td>
                    <Link
                      className="text-link order-history-id"
                      to={orderPath(order._id)}
                      aria-label={`Order ${displayOrderId(order._id)}`}
                    >
                      {displayOrderId(order._id)}
                    </Link>
                  </td>
                  <td>
                    {order.date}
                    <p className="ui-p ui-muted">{order.time}</p>
                  </td>
                  <td className="is-wide">
                    {paymentTypeLabel(order.paymentType, order.fulfilment)}
                    <p className="ui-p ui-muted">{paymentLine(order)}</p>
                  </td>
                  <td className="is-wide is-numeric">{order.quantity}</td>
                  <td className="is-numeric">{formatWirePounds(order.totalPrice)}</td>
                  <td>
                    <OrderStatus order={order} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
