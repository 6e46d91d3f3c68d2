import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { ORDER_PLACED, PAYMENT_SUCCESSFUL } from '@shop/shared/domain/messages';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { Page } from '../../../components/page';
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
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {query.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={`Loading ${title.toLowerCase()}`} />
        </Box>
      )}
      {query.isError && <Alert severity="error">{query.error?.message}</Alert>}
      {empty ?? children}
    </Box>
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
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          <AlertTitle>{PAYMENT_SUCCESSFUL}</AlertTitle>
          {ORDER_PLACED}. {placed.paymentType === 'Card' && `${CARD_HELD_TEXT} `}
          <Link component={RouterLink} to={orderPath(placed.orderId)}>
            See your order
          </Link>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Column
          id="orders-heading"
          title="Your orders"
          query={history}
          empty={
            history.isSuccess && orders.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
                <Typography gutterBottom>No notifications yet. News about your orders will appear here.</Typography>
                <Button component={RouterLink} to={paths.home} variant="contained">
                  Browse the menu
                </Button>
              </Paper>
            ) : null
          }
        >
          {orders.length > 0 && (
            <Box component="ul" aria-label="Order notifications" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
              {orders.map((order) => (
                <OrderStatusCard key={order._id} order={order} />
              ))}
            </Box>
          )}
        </Column>
        <Column
          id="news-heading"
          title="From the shop"
          query={feed}
          empty={
            feed.isSuccess && announcements.length === 0 ? <Typography color="text.secondary">No news from the shop yet.</Typography> : null
          }
        >
          {announcements.length > 0 && <AnnouncementList announcements={announcements} />}
        </Column>
      </Box>
    </Page>
  );
}
