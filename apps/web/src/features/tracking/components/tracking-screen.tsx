import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { TrackAnswer } from '@shop/shared/contract/staff-orders';
import { ORDER_PLACED, PAYMENT_SUCCESSFUL } from '@shop/shared/domain/messages';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import { isFinalStatus } from '@shop/shared/domain/order-status';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusSentence } from '@shop/shared/domain/status-label';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { DeliveryProgressPanel } from '../../../components/delivery-progress';
import { OrderTotalRows } from '../../../components/order-total-rows';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { ScheduledFor } from '../../../components/scheduled-for';
import { Alert, ButtonLink } from '../../../components/ui';
import { formatWirePounds } from '../../../lib/money';
import { itemDetails } from '../../../lib/order-items';
import { paths } from '../../../lib/paths';
import { useRealtimeSocket } from '../../../lib/realtime-socket';
import { isUnknownLink, trackQueryKey, useTrackedOrder } from '../api/tracking-api';
import { trackSteps } from '../lib/track-steps';
import { OrderUpdates } from '../../../components/order-updates';

/** What a card order's customer reads once it is placed: the money is held, not taken, until the shop accepts (decision 0800). */
export const CARD_HELD_TEXT = 'Your card payment is held: it is taken only when the shop accepts your order.';
/** The page's one piece of advice to a guest: the link is their way back (decision 1502). */
export const KEEP_THE_LINK = 'Keep this page’s link (we have e-mailed it to you too): it is how you come back to your order.';
export const UNKNOWN_LINK = 'No order has this tracking link';

/** Checkout lands here with the placed order in the navigation state (PlacedOrderState). */
type LandingState = { placedOrder?: { paymentType: string } } | null;

/** What the page hands the payment slot for an order waiting for its card. */
export interface TrackPaymentSlot {
  token: string;
  /** '£24.97', on the Pay button. */
  amountLabel: string;
  /** The card is taken: the page reads the order again and says it is placed. */
  onPaid(): void;
}

/** Tells search engines to leave the page out while it is shown: the link is private to whoever holds it. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** Refetches the order on every `order_updated` for its room, and when the socket (re)connects: a missed event is caught up. */
function useLiveTrackedOrder(token: string): void {
  const socket = useRealtimeSocket({ track: token });
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: trackQueryKey(token) });
    socket.on('order_updated', refetch);
    socket.on('connect', refetch);
    return () => {
      socket.off('order_updated', refetch);
      socket.off('connect', refetch);
    };
  }, [socket, queryClient, token]);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="ui-surface">
      <h2 id={id} className="ui-h3 order-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Timeline({ order }: { order: TrackAnswer }) {
  const steps = trackSteps(order);
  return (
    <ol aria-label="Order status" className="ui-list track-timeline">
      {steps.map((step) => (
        <li key={step.status} aria-current={step.state === 'current' ? 'step' : undefined} className={`track-step is-${step.state}`}>
          <span aria-hidden="true" className={`track-dot${step.status === 'Canceled Order' ? ' is-canceled' : ''}`} />
          <div>
            <p className="ui-p track-step-label">{step.label}</p>
            <p className="ui-p ui-body2 ui-muted">{step.at ? `${step.at.date} at ${step.at.time}` : 'Still to come'}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function TrackedOrder({
  order,
  renderPayment,
  token,
}: {
  order: TrackAnswer;
  renderPayment(slot: TrackPaymentSlot): ReactNode;
  token: string;
}) {
  const landing = (useLocation().state as LandingState)?.placedOrder;
  const [paidHere, setPaidHere] = useState(false);
  const queryClient = useQueryClient();
  const promise = orderPromiseLine(order);
  const canceled = order.status === 'Canceled Order';
  const placedNow = (landing !== undefined || paidHere) && !order.awaitingPayment && !canceled;
  const card = order.paymentType === 'Card' && (landing?.paymentType === 'Card' || paidHere);

  return (
    <div className="ui-stack track-page">
      {placedNow && (
        <Alert severity="success" role="status" title={PAYMENT_SUCCESSFUL}>
          {ORDER_PLACED}. {card && `${CARD_HELD_TEXT} `}
          {KEEP_THE_LINK}
        </Alert>
      )}

      {order.awaitingPayment && (
        <section aria-labelledby="track-pay-heading" className="ui-surface ui-stack">
          <h2 id="track-pay-heading" className="ui-h3 order-section-title">
            Pay {formatWirePounds(order.totalPrice)} now
          </h2>
          <p className="ui-p">The shop starts your order once it is paid. Your card is held, and taken only when the shop accepts.</p>
          {renderPayment({
            token,
            amountLabel: formatWirePounds(order.totalPrice),
            onPaid: () => {
              setPaidHere(true);
              void queryClient.invalidateQueries({ queryKey: trackQueryKey(token) });
            },
          })}
        </section>
      )}

      <div role="status" aria-label="Order promise" className={canceled ? 'order-promise is-canceled' : 'order-promise'}>
        <Alert role="none" severity={canceled ? 'warning' : 'info'} title={<>{statusSentence(order.status, order.fulfilment)}</>}>
          <ScheduledFor order={order} />
          {promise && <span className="track-promise">{promise}</span>}
          {canceled && <span className="track-promise">{paymentLine(order)}</span>}
        </Alert>
      </div>

      {!isFinalStatus(order.status) && !order.awaitingPayment && (
        <OrderUpdates token={token} fulfilment={order.fulfilment} onTheWay={order.status === 'On the way'} />
      )}

      <div className="track-columns">
        <Section id="track-status-heading" title="Status">
          {/* An accepted delivery is followed by its run's events; before that, and for a collection, by its status. */}
          {order.delivery ? <DeliveryProgressPanel progress={order.delivery} /> : <Timeline order={order} />}
          {!isFinalStatus(order.status) && (
            <p className="ui-p ui-body2 ui-muted">This page updates as soon as the shop moves your order on.</p>
          )}
        </Section>

        <Section id="track-items-heading" title="Your order">
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
                      <p className="ui-p ui-muted">
                        <AllergenCodesLine codes={item.allergens ?? null} />
                      </p>
                    </td>
                    <td className="is-numeric">{item.quantity}</td>
                    <td className="is-numeric">{formatWirePounds(item.totalQuantityPrice)}</td>
                  </tr>
                ))}
                <OrderTotalRows order={order} totalTestId="track-total" />
              </tbody>
            </table>
          </div>
          <table aria-label="Payment" className="ui-table is-small order-detail-table track-payment">
            <tbody>
              {[
                ['Payment type', paymentTypeLabel(order.paymentType, order.fulfilment)],
                ['Payment', paymentLine(order)],
                ['Placed', `${order.date} ${order.time}`],
                ['How', order.fulfilment === 'collection' ? 'Collection from the shop' : 'Delivery'],
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
    </div>
  );
}

/**
 * `/track/:token` (decision 1502): an order followed by its private link, signed in or not: its status as a timeline,
 * the time it is expected, its lines, totals and payment, live; and for an order waiting for its card, the card form
 * (the page's `renderPayment` slot: the app layer brings checkout's form). An unknown link says so.
 */
export function TrackingScreen({ token, renderPayment }: { token: string; renderPayment(slot: TrackPaymentSlot): ReactNode }) {
  const order = useTrackedOrder(token);
  useLiveTrackedOrder(token);
  useNoIndex();

  if (order.isPending) return <PageSpinner label="Loading your order" />;
  if (order.isError) {
    const unknown = isUnknownLink(order.error);
    return (
      <Page title={unknown ? 'Order not found' : 'Your order'}>
        <div className="ui-surface ui-stack track-unknown">
          <Alert severity={unknown ? 'warning' : 'error'}>{unknown ? UNKNOWN_LINK : order.error.message}</Alert>
          {unknown && <p className="ui-p">Check the link in your receipt e-mail, or call the shop.</p>}
          <div>
            <ButtonLink to={paths.home} variant="contained">
              Browse the menu
            </ButtonLink>
          </div>
        </div>
      </Page>
    );
  }
  return (
    <Page title={`Order ${displayOrderId(order.data._id)}`}>
      <TrackedOrder order={order.data} renderPayment={renderPayment} token={token} />
    </Page>
  );
}
