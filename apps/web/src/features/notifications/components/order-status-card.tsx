import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
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

const DOT = 14;

function dotColour(status: OrderStatus): string {
  if (status === 'Canceled Order') return 'error.main';
  if (status === 'Delivered Order') return 'success.main';
  return 'primary.main';
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
    <Paper component="li" variant="outlined" aria-labelledby={`order-${order._id}`} sx={{ p: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" id={`order-${order._id}`}>
          <Link component={RouterLink} to={orderPath(order._id)}>
            Order {short}
          </Link>
        </Typography>
        <Typography fontWeight={700}>{formatWirePounds(order.totalPrice)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Placed {order.date} at {order.time} · {items}
      </Typography>
      <ScheduledFor order={order} sx={{ mt: 0.75 }} />
      {promise && (
        <Typography fontWeight={700} color={order.status === 'Canceled Order' ? 'error.main' : 'text.primary'} sx={{ mt: 0.5 }}>
          {promise}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {payment}
      </Typography>

      <Box component="ol" aria-label={`Status of order ${short}`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {steps.map((step, index) => {
          const last = index === steps.length - 1;
          return (
            <Box
              component="li"
              key={`${step.createdAt}-${step.status}`}
              aria-current={step.current ? 'step' : undefined}
              sx={{ display: 'grid', gridTemplateColumns: `${DOT + 10}px 1fr`, columnGap: 1, position: 'relative', pb: last ? 0 : 1.5 }}
            >
              {/* The dot, and the line down to the next (older) step. */}
              <Box aria-hidden sx={{ position: 'relative', display: 'flex', justifyContent: 'center', pt: '4px' }}>
                <Box
                  sx={{
                    width: DOT,
                    height: DOT,
                    borderRadius: '50%',
                    bgcolor: step.current ? dotColour(step.status) : 'grey.400',
                    boxShadow: step.current ? (theme) => `0 0 0 4px ${theme.palette.action.selected}` : 'none',
                    zIndex: 1,
                  }}
                />
                {!last && <Box sx={{ position: 'absolute', top: DOT + 6, bottom: -12, width: 2, bgcolor: 'divider' }} />}
              </Box>
              <Box>
                <Typography fontWeight={step.current ? 700 : 400} color={step.current ? 'text.primary' : 'text.secondary'}>
                  {statusLabel(step.status, order.fulfilment)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.date} at {step.time}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>

      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {hint}
        </Typography>
      )}
    </Paper>
  );
}
