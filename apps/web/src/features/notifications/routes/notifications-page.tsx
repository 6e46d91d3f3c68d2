import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Link as RouterLink, useLocation } from 'react-router';
import { ORDER_PLACED, PAYMENT_SUCCESSFUL } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { useSession } from '../../../lib/use-session';
import { useMyNotifications } from '../api/notifications-api';

/** Checkout lands here with the placed order in the navigation state. */
type LandingState = { placedOrder?: { orderId: string; paymentType: 'Card' | 'Cash' } } | null;

/** `/notification`: the customer's notifications, and the landing page after an order is placed. */
export function NotificationsPage() {
  const { user } = useSession();
  const notifications = useMyNotifications(user?.email);
  const placed = (useLocation().state as LandingState)?.placedOrder;
  const list = notifications.data ?? [];

  return (
    <Page title="Notifications">
      {placed && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          <AlertTitle>{PAYMENT_SUCCESSFUL}</AlertTitle>
          {ORDER_PLACED}.{' '}
          <Link component={RouterLink} to={`/orders/${placed.orderId}`}>
            See your order
          </Link>
        </Alert>
      )}
      {notifications.isPending && <PageSpinner label="Loading your notifications" />}
      {notifications.isError && <Alert severity="error">{notifications.error.message}</Alert>}
      {notifications.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">No notifications yet. News about your orders will appear here.</Typography>
      )}
      {list.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Notifications" disablePadding>
            {list.map((item, index) => (
              <ListItem key={item._id} divider={index < list.length - 1} alignItems="flex-start">
                <ListItemAvatar>
                  <Avatar src={item.imageUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                    {item.kind === 'order' ? <ReceiptIcon /> : <NotificationsIcon />}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    item.orderId ? (
                      <Link component={RouterLink} to={`/orders/${item.orderId}`} fontWeight={600}>
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )
                  }
                  secondary={`${item.description} · ${item.date} ${item.time}`}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Page>
  );
}
