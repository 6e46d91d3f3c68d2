import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { orderPromiseLine } from '@shop/shared/domain/order-promise-line';
import { ScheduledFor, scheduledForText } from '../../../components/scheduled-for';
import { paymentLine } from '@shop/shared/domain/payment-line';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { Page } from '../../../components/page';
import { ReceiptDetails } from '../../../components/trader-details';
import { PageSpinner } from '../../../components/page-spinner';
import { useLiveCustomerOrders, useOrder } from '../../../lib/customer-orders';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { orderDeliveryFeeText } from '../../../lib/delivery-fee-line';
import { formatWirePounds } from '../../../lib/money';
import { ReorderButton } from '../components/reorder-button';
import { itemDetails } from '../lib/order-format';
import { paths } from '../../../lib/paths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h3" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The order's promise on top of the page: 'Expected at 19:45' once the shop accepts (the new time when it re-times),
 * or why it was canceled and where the money is. A polite live region: it changes without a reload.
 */
function OrderPromise({ order }: { order: OrderWire }) {
  const line = orderPromiseLine(order);
  // An order placed ahead: 'For Sat 19:30' first, prominently (issue 21).
  const ahead = scheduledForText(order);
  if (!line && !ahead) return null;
  const canceled = order.status === 'Canceled Order';
  return (
    <Alert severity={canceled ? 'warning' : 'info'} role="status" aria-label="Order promise" sx={{ gridColumn: '1 / -1' }}>
      <AlertTitle sx={{ mb: canceled ? 0.5 : 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ScheduledFor order={order} />
        {line}
      </AlertTitle>
      {canceled && paymentLine(order)}
    </Alert>
  );
}

function OrderDetail({ order }: { order: OrderWire }) {
  const { address } = order;
  // A delivery's fee on its own line between the subtotal and the total (issue 22 point 4); none when free or collected.
  const deliveryFee = orderDeliveryFeeText(order);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <OrderPromise order={order} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {order.fulfilment === 'collection' ? (
          <Section title="Collection">
            <Typography>You collect this order from the shop.</Typography>
            <Typography fontWeight={600}>{[address.firstname, address.lastname].filter(Boolean).join(' ')}</Typography>
            <Typography>{address.Email}</Typography>
            <Typography>{address.phone}</Typography>
          </Section>
        ) : (
          <Section title="Delivery address">
            <Typography fontWeight={600}>{[address.firstname, address.lastname].filter(Boolean).join(' ')}</Typography>
            <Typography>{address.Email}</Typography>
            <Typography>{address.phone}</Typography>
            <Typography>{address.address}</Typography>
            {address.address2 && <Typography>{address.address2}</Typography>}
            <Typography>{address.city}</Typography>
            <Typography>{address.postcode}</Typography>
          </Section>
        )}
        <Section title="Payment">
          <Table size="small" aria-label="Payment">
            <TableBody>
              {[
                ['Payment type', paymentTypeLabel(order.paymentType, order.fulfilment)],
                ['Payment', paymentLine(order)],
                ['Date', `${order.date} ${order.time}`],
                ['Status', statusLabel(order.status, order.fulfilment)],
                ['Note', order.note || '—'],
                ['Allergies', order.allergyNote || 'None given'],
              ].map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ pl: 0, fontWeight: 600 }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ pr: 0, overflowWrap: 'anywhere' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      </Box>
      <Section title="Items">
        <TableContainer>
          <Table size="small" aria-label="Items">
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: 0 }}>Product</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right" sx={{ pr: 0 }}>
                  Price
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.items.map((item, index) => (
                <TableRow key={`${item.id}-${index}`}>
                  <TableCell sx={{ pl: 0 }}>
                    <Typography fontWeight={600}>{item.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {itemDetails(item)}
                    </Typography>
                    {/* The allergens as the menu recorded them when the order was placed (decisions 1000 and 1004). */}
                    <Typography variant="body2" color="text.secondary">
                      <AllergenCodesLine codes={item.allergens ?? null} />
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {formatWirePounds(item.totalQuantityPrice)}
                  </TableCell>
                </TableRow>
              ))}
              {deliveryFee !== null && (
                <>
                  <TableRow>
                    <TableCell colSpan={2} sx={{ pl: 0 }}>
                      Subtotal
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {formatWirePounds(order.subtotal)}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={2} sx={{ pl: 0 }}>
                      Delivery
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {deliveryFee}
                    </TableCell>
                  </TableRow>
                </>
              )}
              <TableRow>
                <TableCell colSpan={2} sx={{ pl: 0, fontWeight: 700, borderBottom: 0 }}>
                  Total Price
                </TableCell>
                <TableCell align="right" sx={{ pr: 0, fontWeight: 700, borderBottom: 0 }}>
                  {formatWirePounds(order.totalPrice)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
        {/* Who sold it, and the VAT included per rate for a VAT-registered shop (decision 1002). */}
        <Box sx={{ mt: 2 }}>
          <ReceiptDetails orderId={order._id} />
        </Box>
      </Section>
    </Box>
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
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component={RouterLink} to={paths.myOrders}>
            All orders
          </Button>
          {order.data && <ReorderButton items={order.data.items} />}
        </Box>
      }
    >
      {order.isPending && <PageSpinner label="Loading the order" />}
      {order.isError && <Alert severity="error">{order.error.message}</Alert>}
      {order.data && <OrderDetail order={order.data} />}
    </Page>
  );
}
