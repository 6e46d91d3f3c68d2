import { formatPhone } from '@shop/shared/domain/phone';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink, useParams } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { LOADING } from '@shop/shared/domain/messages';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { staffPaymentLine } from '@shop/shared/domain/payment-line';
import { statusLabel } from '@shop/shared/domain/status-label';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { Page } from '../../../components/page';
import { orderDeliveryFeeText } from '../../../lib/delivery-fee-line';
import { orderTipText } from '../../../lib/tip-line';
import { TIP_LINE_LABEL } from '@shop/shared/domain/tips';
import { formatWirePounds } from '../../../lib/money';
import { useAdminOrder, useLiveAdminOrders } from '../api/admin-orders-api';
import { OrderPrinting } from '../components/order-printing';
import { OrderPromisePanel } from '../components/order-promise-panel';
import { RefundForm, RefundList } from '../components/refunds';
import { StatusChip } from '../components/status-chip';
import { takenByText } from '../lib/order-page';
import { StatusMenu } from '../components/status-menu';
import { itemChoices } from '../lib/order-items';
import { AllergyNoteBox, CollectionLabel } from '../../../components/back-office/order-flags';
import { ChannelBadge } from '../../../components/back-office/channel-badge';
import { ScheduledFor } from '../../../components/scheduled-for';
import { OrderLineSoldOut } from '../../../components/back-office/sold-out-today';
import { paths } from '../../../lib/paths';
import { ReprintButton } from '../../../components/back-office/reprint-button';

// Narrow cells on a phone, so the tables fit 390 px without scrolling.
const TABLE_SX = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;
const TOTAL_SX = { fontSize: '1rem', color: 'text.primary', fontWeight: 700 } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A section whose content is one table, named by the section's heading. */
function SectionTable({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section id={id} title={title}>
      <TableContainer>
        <Table size="small" aria-labelledby={id} sx={TABLE_SX}>
          {children}
        </Table>
      </TableContainer>
    </Section>
  );
}

/** One row of a two-column table: the label as the row's header, then its value. */
function LabelledRow({ label, children, valueSx }: { label: string; children: ReactNode; valueSx?: SxProps<Theme> }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell sx={valueSx}>{children}</TableCell>
    </TableRow>
  );
}

function AddressCard({ order }: { order: OrderWire }) {
  const { address } = order;
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  return (
    <Section id="order-address" title={order.fulfilment === 'collection' ? 'Collection: the customer' : 'Address'}>
      <Box component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
        <Typography>{address.Email || order.email}</Typography>
        <Typography>{formatPhone(address.phone)}</Typography>
        <Typography>{address.address}</Typography>
        {address.address2 && <Typography>{address.address2}</Typography>}
        <Typography>{address.city}</Typography>
        <Typography sx={{ fontWeight: 700 }}>{address.postcode}</Typography>
      </Box>
    </Section>
  );
}

/** The payment: its line (where the money is, refunds included), the refunds made, and the refund form. */
function PaymentSection({ order }: { order: OrderWire }) {
  return (
    <Section id="order-payment" title="Payment">
      <TableContainer>
        <Table size="small" aria-labelledby="order-payment" sx={TABLE_SX}>
          <TableBody>
            <LabelledRow label="Payment Type">{paymentTypeLabel(order.paymentType, order.fulfilment)}</LabelledRow>
            <LabelledRow label="Date">
              {order.date} {order.time}
            </LabelledRow>
            <LabelledRow label="Status">{staffPaymentLine(order)}</LabelledRow>
            {order.refundedTotal > 0 && <LabelledRow label="Refunded">{formatWirePounds(order.refundedTotal)}</LabelledRow>}
            <LabelledRow label="Note" valueSx={{ overflowWrap: 'anywhere' }}>
              {order.note.trim() || 'No note'}
            </LabelledRow>
          </TableBody>
        </Table>
      </TableContainer>
      <RefundList refunds={order.refunds ?? []} />
      <RefundForm order={order} />
    </Section>
  );
}

function ItemsTable({ order }: { order: OrderWire }) {
  // A delivery's fee on its own line between the subtotal and the total; none when free or collected.
  const deliveryFee = orderDeliveryFeeText(order);
  const tip = orderTipText(order);
  return (
    <SectionTable id="order-items" title="Items">
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell align="right">Quantity</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Total (£)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((item, index) => (
          <TableRow key={`${item.id}-${index}`}>
            <TableCell>
              <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
              {itemChoices(item).map((choice) => (
                <Typography key={choice} variant="body2" color="text.secondary">
                  {choice}
                </Typography>
              ))}
              <OrderLineSoldOut item={item} />
            </TableCell>
            <TableCell align="right">{item.quantity}</TableCell>
            <TableCell align="right">{formatWirePounds(item.price)}</TableCell>
            <TableCell align="right">{formatWirePounds(item.totalQuantityPrice)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {(deliveryFee !== null || order.discounts.length > 0) && (
          <TableRow>
            <TableCell colSpan={3}>Subtotal</TableCell>
            <TableCell align="right">{formatWirePounds(order.subtotal)}</TableCell>
          </TableRow>
        )}
        {deliveryFee !== null && (
          <TableRow>
            <TableCell colSpan={3}>Delivery</TableCell>
            <TableCell align="right" data-testid="order-delivery-fee">
              {deliveryFee}
            </TableCell>
          </TableRow>
        )}
        {order.discounts.map((discount, index) => (
          <TableRow key={`${discount.label}-${index}`} data-testid="discount-line">
            <TableCell colSpan={3}>{discount.label}</TableCell>
            <TableCell align="right">−{formatWirePounds(discount.amount)}</TableCell>
          </TableRow>
        ))}
        {tip !== null && (
          <TableRow>
            <TableCell colSpan={3}>{TIP_LINE_LABEL}</TableCell>
            <TableCell align="right" data-testid="order-tip">
              {tip}
            </TableCell>
          </TableRow>
        )}
        <TableRow>
          <TableCell colSpan={3} sx={TOTAL_SX}>
            Total Price
          </TableCell>
          <TableCell align="right" sx={TOTAL_SX} data-testid="order-total">
            {formatWirePounds(order.totalPrice)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </SectionTable>
  );
}

function StatusHistory({ order }: { order: OrderWire }) {
  const history = [...order.statusHistory].reverse();
  return (
    <SectionTable id="order-history" title="Status history">
      <TableHead>
        <TableRow>
          <TableCell>Status</TableCell>
          <TableCell>Date Time</TableCell>
          <TableCell>Changed by</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((change) => (
          <TableRow key={`${change.createdAt}-${change.status}`}>
            <TableCell>{statusLabel(change.status, order.fulfilment)}</TableCell>
            <TableCell>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {change.date}
              </Box>{' '}
              {change.time}
            </TableCell>
            {/* The shop's own change says why: 'Closed at the end of the day'. */}
            <TableCell sx={{ wordBreak: 'break-word' }}>{change.note ?? change.changedBy ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </SectionTable>
  );
}

/** /allorders/{ordersId}: one order for the shop (SPEC.md section 2, "Order detail"), its status and its kitchen ticket. */
export function AdminOrderDetailPage() {
  const { ordersId = '' } = useParams();
  const order = useAdminOrder(ordersId);
  useLiveAdminOrders();
  const short = displayOrderId(ordersId);
  const data = order.data;

  return (
    <Page
      title={`Order ${short}`}
      actions={
        data && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <StatusMenu order={data} variant="button" />
            <ReprintButton orderId={data._id} />
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print kitchen ticket
            </Button>
          </Stack>
        )
      }
    >
      {order.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {order.error.message}{' '}
          <Link component={RouterLink} to={paths.orderList}>
            Back to the order list
          </Link>
        </Alert>
      )}
      {order.isPending && <Typography>{LOADING}</Typography>}
      {data && (
        <>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <StatusChip status={data.status} fulfilment={data.fulfilment} />
            <ChannelBadge channel={data.channel} />
            <CollectionLabel order={data} />
            <ScheduledFor order={data} style={{ fontSize: '1.125rem' }} />
            <Typography color="text.secondary">
              Placed {data.date} at {data.time}
              {data.email ? ` by ${data.email}` : ''}
            </Typography>
            {(data.channel === 'phone' || data.channel === 'counter') && (
              <Typography color="text.secondary" data-testid="taken-by">
                {takenByText(data.channel, data.takenBy ?? null)}
              </Typography>
            )}
          </Stack>
          <AllergyNoteBox order={data} sx={{ mb: 2 }} />
          <OrderPromisePanel order={data} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <AddressCard order={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <PaymentSection order={data} />
            </Grid>
            <Grid size={12}>
              <ItemsTable order={data} />
            </Grid>
            <Grid size={12}>
              <StatusHistory order={data} />
            </Grid>
          </Grid>
          {/* The ticket as printed, Reprint's jobs, and the browser's print of the same ticket. */}
          <OrderPrinting order={data} />
        </>
      )}
    </Page>
  );
}
