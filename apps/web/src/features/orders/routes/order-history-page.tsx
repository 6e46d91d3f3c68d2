import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { NO_PRODUCT_BOUGHT } from '@shop/shared/domain/messages';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import { ScheduledFor } from '../../../components/scheduled-for';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { Page } from '../../../components/page';
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
      {order.fulfilment === 'collection' && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          Collection
        </Typography>
      )}
      <ScheduledFor order={order} sx={{ display: 'table', my: 0.25 }} />
      {order.allergyNote && (
        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          Allergy: {order.allergyNote}
        </Typography>
      )}
      {promise && (
        <Typography variant="body2" color={order.status === 'Canceled Order' ? 'error.main' : 'text.secondary'}>
          {promise}
        </Typography>
      )}
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
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>{NO_PRODUCT_BOUGHT}</Typography>
        </Paper>
      )}
      {orders.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Order history" size="small" sx={{ '& .wide': { display: { xs: 'none', sm: 'table-cell' } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Order Id</TableCell>
                <TableCell>Date</TableCell>
                <TableCell className="wide">Payment</TableCell>
                <TableCell className="wide" align="right">
                  Quantity
                </TableCell>
                <TableCell align="right">Total Price</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order._id} hover>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={orderPath(order._id)}
                      aria-label={`Order ${displayOrderId(order._id)}`}
                      fontWeight={600}
                    >
                      {displayOrderId(order._id)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {order.date}
                    <Typography variant="body2" color="text.secondary">
                      {order.time}
                    </Typography>
                  </TableCell>
                  <TableCell className="wide">
                    {paymentTypeLabel(order.paymentType, order.fulfilment)}
                    <Typography variant="body2" color="text.secondary">
                      {paymentLine(order)}
                    </Typography>
                  </TableCell>
                  <TableCell className="wide" align="right">
                    {order.quantity}
                  </TableCell>
                  <TableCell align="right">{formatWirePounds(order.totalPrice)}</TableCell>
                  <TableCell>
                    <OrderStatus order={order} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
