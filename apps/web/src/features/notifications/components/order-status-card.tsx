import { Link } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { ScheduledFor } from '../../../components/scheduled-for';
import { formatWirePounds } from '../../../lib/money';
import { nextStepHint, orderTimeline } from '../lib/order-timeline';
import { orderPath } from '../../../lib/paths';

/** The current step's dot: red once canceled, green once delivered, else the shop's colour. */
function dotClass(status: OrderStatus): string {
  if (status === 'Canceled Order') return 'is-canceled';
  if (status === 'Delivered Order') return 'is-delivered';
  return 'is-current';
}

/**
 * One order: what it is, when it is expected (or why it was canceled), where the money is, and its statuses newest
 * first, the one it has now on top (it all changes live).
 */
export function OrderStatusCard({ order }: { order: OrderWire }) {
  const short = displayOrderId(order._id);
  const steps = orderTimeline(order);
  const hint = nextStepHint(order.status, order.fulfilment);
  const items = `${order.quantity} item${order.quantity === 1 ? '' : 's'}`;
  const payment = `${paymentTypeLabel(order.paymentType, order.fulfilment)} · ${paymentLine(order)}`;
  const promise = orderPromiseLine(order);

  return (
    <li aria-labelledby={`order-${order._id}`} className="ui-surface order-card">
      <div className="order-card-head">
        <h3 id={`order-${order._id}`} className="ui-h3">
          <Link className="text-link" to={orderPath(order._id)}>
            Order {short}
          </Link>
        </h3>
        <p className="ui-p order-card-total">{formatWirePounds(order.totalPrice)}</p>
      </div>
      <p className="ui-p ui-body2 ui-muted">
        Placed {order.date} at {order.time} · {items}
      </p>
      <ScheduledFor order={order} className="order-card-scheduled" />
      {promise && (
        <p className={order.status === 'Canceled Order' ? 'ui-p order-card-promise ui-error-text' : 'ui-p order-card-promise'}>{promise}</p>
      )}
      <p className="ui-p ui-body2 ui-muted order-card-payment">{payment}</p>

      <ol aria-label={`Status of order ${short}`} className="ui-list order-timeline">
        {steps.map((step) => (
          <li
            key={`${step.createdAt}-${step.status}`}
            aria-current={step.current ? 'step' : undefined}
            className={step.current ? 'order-timeline-step is-current' : 'order-timeline-step'}
          >
            {/* The dot, and the line down to the next (older) step. */}
            <span aria-hidden="true" className="order-timeline-mark">
              <span className={step.current ? `order-timeline-dot ${dotClass(step.status)}` : 'order-timeline-dot'} />
            </span>
            <div>
              <p className="ui-p order-timeline-status">{statusLabel(step.status, order.fulfilment)}</p>
              <p className="ui-p ui-body2 ui-muted">
                {step.date} at {step.time}
              </p>
            </div>
          </li>
        ))}
      </ol>

      {hint && <p className="ui-p ui-body2 ui-muted order-card-hint">{hint}</p>}
    </li>
  );
}
