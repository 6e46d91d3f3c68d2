import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { LOADING } from '@shop/shared/domain/messages';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { staffPaymentLine } from '@shop/shared/domain/payment-line';
import { Page } from '../../../components/page';
import { below } from '../../../lib/breakpoints';
import { formatWirePounds } from '../../../lib/money';
import { useOrderTimerSettings } from '../../../lib/shop-settings';
import { useNow } from '../../../lib/use-now';
import { useLiveAdminOrders, useOrdersList } from '../api/admin-orders-api';
import { ORDERS_PAGE_SIZE, pageFromSearch, type OrdersListKind } from '../lib/order-lists';
import { CloseDayButton } from './close-day-button';
import { can } from '@shop/shared/domain/roles';
import { useSession } from '../../../lib/use-session';
import { OrderPromise } from './order-promise';
import { StatusChip } from './status-chip';
import { ChannelBadge } from '../../../components/back-office/channel-badge';
import { StatusMenu } from './status-menu';
import { adminOrderPath } from '../../../lib/paths';
import { ReprintButton } from '../../../components/back-office/reprint-button';
import { ReadyButton } from './ready-button';

/** Reprint beside an order the shop has accepted: the kitchen's lost or spoilt ticket, again. */
function RowReprint({ order }: { order: OrderWire }) {
  if (order.status !== 'Approved Order' && order.status !== 'On the way') return null;
  return <ReprintButton orderId={order._id} size="small" variant="text" />;
}

const DESCRIPTIONS: Record<OrdersListKind, string> = {
  all: 'Every order, newest first.',
  today: 'Orders placed today, newest first.',
  lastDay: 'Orders placed yesterday, newest first.',
  lastWeek: 'Orders placed in the previous calendar week (Monday to Sunday), newest first.',
  lastMonth: 'Orders placed in the previous calendar month, newest first.',
  pending: 'Orders still waiting with status Pending Order, whenever they were placed, the soonest due first.',
  accepted: 'Orders accepted (Approved Order) and not yet on their way: the kitchen’s work, the soonest due first.',
};

const EMPTY: Record<OrdersListKind, string> = {
  all: 'No orders yet.',
  today: 'No orders today yet.',
  lastDay: 'No orders yesterday.',
  lastWeek: 'No orders last week.',
  lastMonth: 'No orders last month.',
  pending: 'No orders are waiting.',
  accepted: 'No accepted orders to make.',
};

const COLUMNS = 9;

/**
 * `orders` undefined: still loading; `emptyText` null: say nothing when there are none (the request failed); `now`
 * and `lateAfterMinutes`: how long a waiting order has waited, and whether it is late.
 */
type OrdersViewProps = { orders: OrderWire[] | undefined; emptyText: string | null; now: Date; lateAfterMinutes: number };

function OrderLink({ order }: { order: OrderWire }) {
  const short = displayOrderId(order._id);
  return (
    <Link
      component={RouterLink}
      to={adminOrderPath(order._id)}
      aria-label={`Order ${short}`}
      fontWeight={600}
      sx={{ fontFamily: 'monospace' }}
    >
      {short}
    </Link>
  );
}

/** From the sm breakpoint: the spec's table, one order a row. */
function OrdersTable({ orders, emptyText, now, lateAfterMinutes }: OrdersViewProps) {
  return (
    // Narrow windows scroll the table inside its frame, never the page (the frame is positioned, so the hidden
    // Actions header is clipped with the table instead of widening the page).
    <TableContainer sx={{ position: 'relative' }}>
      <Table size="small" aria-label="Orders" sx={{ minWidth: 860, '& td, & th': { px: 1.5 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Order Id</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Payment</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Total Price (£)</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders === undefined && (
            <TableRow>
              <TableCell colSpan={COLUMNS}>{LOADING}</TableCell>
            </TableRow>
          )}
          {orders?.length === 0 && emptyText && (
            <TableRow>
              <TableCell colSpan={COLUMNS}>
                <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">
                  {emptyText}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {orders?.map((order) => (
            <TableRow key={order._id} hover>
              <TableCell>
                <OrderLink order={order} />
                <ChannelBadge channel={order.channel} sx={{ ml: 1 }} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{order.date}</TableCell>
              <TableCell>{order.time}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 240 }}>{order.email}</TableCell>
              {/* Narrow: 'To be paid on delivery' takes two lines rather than the e-mail's room. */}
              <TableCell sx={{ maxWidth: 120 }}>
                {order.paymentType}
                <Typography variant="body2" color="text.secondary">
                  {staffPaymentLine(order)}
                </Typography>
              </TableCell>
              <TableCell align="right">{order.quantity}</TableCell>
              <TableCell align="right">{formatWirePounds(order.totalPrice)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StatusChip status={order.status} fulfilment={order.fulfilment} />
                <OrderPromise order={order} now={now} lateAfterMinutes={lateAfterMinutes} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <ReadyButton order={order} />
                <RowReprint order={order} />
                <StatusMenu order={order} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below sm (a phone): one card per order, the same fields stacked, so the status and its menu are in reach. */
function OrdersCards({ orders, emptyText, now, lateAfterMinutes }: OrdersViewProps) {
  if (orders === undefined) return <Typography sx={{ p: 2 }}>{LOADING}</Typography>;
  if (orders.length === 0) {
    if (emptyText === null) return null;
    return (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Orders" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {orders.map((order) => (
        <Box component="li" key={order._id} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <OrderLink order={order} />
            <ChannelBadge channel={order.channel} />
            <StatusChip status={order.status} fulfilment={order.fulfilment} />
            <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center' }}>
              <ReadyButton order={order} />
              <RowReprint order={order} />
              <StatusMenu order={order} />
            </Box>
          </Box>
          <OrderPromise order={order} now={now} lateAfterMinutes={lateAfterMinutes} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {order.date} {order.time} · {staffPaymentLine(order)} · Qty {order.quantity} ·{' '}
            <Box component="strong">{formatWirePounds(order.totalPrice)}</Box>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {order.email}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface OrdersScreenProps {
  kind: OrdersListKind;
  /** Tells the screens apart in the browser tab, since they share the heading. */
  documentTitle: string;
  title?: string;
}

/**
 * The admin order lists (SPEC.md section 2, "Orders screens"): one screen titled Order List, filtered by period or
 * status on the server, newest first, 50 a page (`?page=` in the address, so Back returns to the same page), fetched
 * again when an order arrives. A table from the sm breakpoint, stacked cards on a phone.
 */
export function OrdersScreen({ kind, documentTitle, title = 'Order List' }: OrdersScreenProps) {
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const list = useOrdersList(kind, page);
  const session = useSession();
  useLiveAdminOrders();
  const now = useNow();
  const { lateAfterMinutes } = useOrderTimerSettings();
  const phone = useMediaQuery(below('sm'), { noSsr: true });
  // undefined while the first page loads ('loadding...'); after a failure with nothing to show, an empty list
  // without the empty-state words (the alert says what went wrong).
  const orders = list.data?.orders ?? (list.isError ? [] : undefined);
  const emptyText = list.isError ? null : EMPTY[kind];

  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  // TablePagination counts from 0 and warns when the page is past the end (e.g. after orders were canceled away).
  const shownPage = Math.min(page, lastPage) - 1;

  function goTo(next: number) {
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      },
      { preventScrollReset: false },
    );
  }

  return (
    <Page title={title} documentTitle={documentTitle}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {DESCRIPTIONS[kind]}
      </Typography>
      {/* The kitchen's board ends the night from here: what was left open is closed at once. */}
      {kind === 'accepted' && can(session.user?.role, 'cancel') && (
        <Box sx={{ mb: 2 }}>
          <CloseDayButton />
        </Box>
      )}
      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {list.error.message}
        </Alert>
      )}
      <Paper variant="outlined">
        {phone ? (
          <OrdersCards orders={orders} emptyText={emptyText} now={now} lateAfterMinutes={lateAfterMinutes} />
        ) : (
          <OrdersTable orders={orders} emptyText={emptyText} now={now} lateAfterMinutes={lateAfterMinutes} />
        )}
        {total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={shownPage}
            rowsPerPage={ORDERS_PAGE_SIZE}
            rowsPerPageOptions={[ORDERS_PAGE_SIZE]}
            onPageChange={(_event, next) => goTo(next + 1)}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count}`}
          />
        )}
      </Paper>
    </Page>
  );
}
