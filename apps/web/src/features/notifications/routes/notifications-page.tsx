import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ORDER_PLACED, PAYMENT_SUCCESSFUL } from '@shop/shared/domain/messages';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { Page } from '../../../components/page';
import { Alert, ButtonLink, Spinner } from '../../../components/ui';
import { useLiveCustomerOrders, useMyNotifications, useOrderHistory } from '../../../lib/customer-orders';
import { useSession } from '../../../lib/use-session';
import { AnnouncementList } from '../components/announcement-list';
import { OrderStatusCard } from '../components/order-status-card';
import { announcementsOf, ordersNewestFirst } from '../lib/order-timeline';
import { paths, orderPath } from '../../../lib/paths';

/** What a card order's customer reads on landing: the money is held, not taken, until the shop accepts (decision 0800). */
export const CARD_HELD_TEXT = 'Your card payment is held: it is taken only when the shop accepts your order.';

/** Checkout lands here with the placed order in the navigation state. */
type LandingState = { placedOrder?: { orderId: string; paymentType: PaymentType } } | null;

interface Loadable {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

function Column({
  id,
  title,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  query: Loadable;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="notifications-column">
      <h2 id={id} className="ui-h2 notifications-column-title">
        {title}
      </h2>
      {query.isPending && (
        <div className="notifications-loading">
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        </div>
      )}
      {query.isError && <Alert severity="error">{query.error?.message}</Alert>}
      {empty ?? children}
    </section>
  );
}

/**
 * `/notification`: the customer's orders with their live status and its history, and the shop's announcements;
 * also the landing page after an order is placed. An admin's status change shows without a reload
 * (useLiveCustomerOrders refetches on `order_updated` and on every connection of the socket).
 */
export function NotificationsPage() {
  const { user } = useSession();
  const history = useOrderHistory(user?.email);
  const feed = useMyNotifications(user?.email);
  useLiveCustomerOrders();
  const placed = (useLocation().state as LandingState)?.placedOrder;
  const orders = ordersNewestFirst(history.data ?? []);
  const announcements = announcementsOf(feed.data ?? []);

  return (
    <Page title="Notifications">
      {placed && (
        <Alert severity="success" role="status" title={PAYMENT_SUCCESSFUL} className="notifications-landing">
          {ORDER_PLACED}. {placed.paymentType === 'Card' && `${CARD_HELD_TEXT} `}
          <Link className="text-link" to={orderPath(placed.orderId)}>
            See your order
          </Link>
        </Alert>
      )}
      <div className="notifications-layout">
        <Column
          id="orders-heading"
          title="Your orders"
          query={history}
          empty={
            history.isSuccess && orders.length === 0 ? (
              <div className="ui-surface notifications-empty">
                <p className="ui-p notifications-empty-text">No notifications yet. News about your orders will appear here.</p>
                <ButtonLink to={paths.home} variant="contained">
                  Browse the menu
                </ButtonLink>
              </div>
            ) : null
          }
        >
          {orders.length > 0 && (
            <ul aria-label="Order notifications" className="ui-list ui-stack">
              {orders.map((order) => (
                <OrderStatusCard key={order._id} order={order} />
              ))}
            </ul>
          )}
        </Column>
        <Column
          id="news-heading"
          title="From the shop"
          query={feed}
          empty={feed.isSuccess && announcements.length === 0 ? <p className="ui-p ui-muted">No news from the shop yet.</p> : null}
        >
          {announcements.length > 0 && <AnnouncementList announcements={announcements} />}
        </Column>
      </div>
    </Page>
  );
}
