import { formatPhone } from '@shop/shared/domain/phone';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import { ScheduledFor, scheduledForText } from '../../../components/scheduled-for';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { Page } from '../../../components/page';
import { Alert, ButtonLink } from '../../../components/ui';
import { ReceiptDetails } from '../../../components/trader-details';
import { PageSpinner } from '../../../components/page-spinner';
import { useLiveCustomerOrders, useOrder } from '../../../lib/customer-orders';
import { DeliveryProgressPanel } from '../../../components/delivery-progress';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { OrderTotalRows } from '../../../components/order-total-rows';
import { formatWirePounds } from '../../../lib/money';
import { ReorderButton } from '../components/reorder-button';
import { itemDetails } from '../../../lib/order-items';
import { paths, trackTokenOf } from '../../../lib/paths';
import { OrderUpdates } from '../../../components/order-updates';
import { isFinalStatus } from '@shop/shared/domain/order-status';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="ui-surface">
      <h2 id={id} className="ui-h3 order-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The order's promise on top of the page: 'Expected at 19:45' once the shop accepts (the new time when it re-times),
 * or why it was canceled and where the money is. A polite live region: it changes without a reload.
 */
function OrderPromise({ order }: { order: OrderWire }) {
  const line = orderPromiseLine(order);
  // An order placed ahead: 'For Sat 19:30' first, prominently.
  const ahead = scheduledForText(order);
  if (!line && !ahead) return null;
  const canceled = order.status === 'Canceled Order';
  // The live region is the wrapper, which the alert's own role cannot name.
  return (
    <div role="status" aria-label="Order promise" className={canceled ? 'order-promise is-canceled' : 'order-promise'}>
      <Alert
        role="none"
        severity={canceled ? 'warning' : 'info'}
        title={
          <>
            <ScheduledFor order={order} />
            {line}
          </>
        }
      >
        {canceled && paymentLine(order)}
      </Alert>
    </div>
  );
}

function OrderDetail({ order }: { order: OrderWire }) {
  const { address } = order;
  const trackToken = order.trackingUrl ? trackTokenOf(order.trackingUrl) : null;
  // A delivery's fee on its own line between the subtotal and the total; none when free or collected.
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  return (
    <div className="order-detail">
      <OrderPromise order={order} />
      {trackToken && order.placedAt && !isFinalStatus(order.status) && (
        <OrderUpdates token={trackToken} fulfilment={order.fulfilment} onTheWay={order.status === 'On the way'} />
      )}
      {order.delivery && (
        <Section title="Your delivery">
          <DeliveryProgressPanel progress={order.delivery} />
        </Section>
      )}
      <div className="order-detail-side">
        {order.fulfilment === 'collection' ? (
          <Section title="Collection">
            <p className="ui-p">You collect this order from the shop.</p>
            <p className="ui-p order-detail-name">{name}</p>
            <p className="ui-p">{address.Email}</p>
            <p className="ui-p">{formatPhone(address.phone)}</p>
          </Section>
        ) : (
          <Section title="Delivery address">
            <p className="ui-p order-detail-name">{name}</p>
            <p className="ui-p">{address.Email}</p>
            <p className="ui-p">{formatPhone(address.phone)}</p>
            <p className="ui-p">{address.address}</p>
            {address.address2 && <p className="ui-p">{address.address2}</p>}
            <p className="ui-p">{address.city}</p>
            <p className="ui-p">{address.postcode}</p>
          </Section>
        )}
        <Section title="Payment">
          <table aria-label="Payment" className="ui-table is-small order-detail-table">
            <tbody>
              {[
                ['Payment type', paymentTypeLabel(order.paymentType, order.fulfilment)],
                ['Payment', paymentLine(order)],
                ['Date', `${order.date} ${order.time}`],
                ['Status', statusLabel(order.status, order.fulfilment)],
                ['Note', order.note || '—'],
                ['Allergies', order.allergyNote || 'None given'],
              ].map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="is-wrapping">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>
      <Section title="Items">
        <div className="ui-table-wrap">
          <table aria-label="Items" className="ui-table is-small order-detail-table">
            <thead>
              <tr>
                <th>Product</th>
                <th className="is-numeric">Quantity</th>
                <th className="is-numeric">Price</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, index) => (
                <tr key={`${item.id}-${index}`}>
                  <td>
                    <p className="ui-p order-item-title">{item.title}</p>
                    <p className="ui-p ui-muted">{itemDetails(item)}</p>
                    {/* The allergens as the menu recorded them when the order was placed (decisions 1000 and 1004). */}
                    <p className="ui-p ui-muted">
                      <AllergenCodesLine codes={item.allergens ?? null} />
                    </p>
                  </td>
                  <td className="is-numeric">{item.quantity}</td>
                  <td className="is-numeric">{formatWirePounds(item.totalQuantityPrice)}</td>
                </tr>
              ))}
              <OrderTotalRows order={order} />
            </tbody>
          </table>
        </div>
        {/* Who sold it, and the VAT included per rate for a VAT-registered shop (decision 1002). */}
        <div className="order-detail-receipt">
          <ReceiptDetails orderId={order._id} />
        </div>
      </Section>
    </div>
  );
}

/** `/orders/:ordersId`: one of the customer's orders, linked from the history. */
export function OrderDetailPage() {
  const { ordersId = '' } = useParams();
  const order = useOrder(ordersId);
  useLiveCustomerOrders();
  return (
    <Page
      title={`Order ${displayOrderId(ordersId)}`}
      actions={
        <div className="ui-row">
          <ButtonLink to={paths.myOrders}>All orders</ButtonLink>
          {order.data && <ReorderButton items={order.data.items} />}
        </div>
      }
    >
      {order.isPending && <PageSpinner label="Loading the order" />}
      {order.isError && <Alert severity="error">{order.error.message}</Alert>}
      {order.data && <OrderDetail order={order.data} />}
    </Page>
  );
}
