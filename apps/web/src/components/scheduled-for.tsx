import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { scheduledLine } from '@shop/shared/domain/kitchen';
import type { OrderStatus } from '@shop/shared/domain/order-status';

/**
 * 'For Sat 19:30' (scheduledLine) for an order placed ahead for a slot, while it is still to do (waiting, accepted or
 * on its way); null for an order for as soon as possible, or one delivered or canceled.
 */
export function scheduledForText(order: { scheduledFor: string | null; status: OrderStatus }): string | null {
  if (!order.scheduledFor) return null;
  if (order.status === 'Delivered Order' || order.status === 'Canceled Order') return null;
  const at = new Date(order.scheduledFor);
  return Number.isNaN(at.getTime()) ? null : scheduledLine(at);
}

/**
 * An order ahead's time, shown prominently (issue 21 point 6) on the back office's popup, lists, order page and
 * ticket and on the customer's pages: bold, boxed, in the text colour (AA on any background the pages use).
 */
export function ScheduledFor({ order, sx }: { order: { scheduledFor: string | null; status: OrderStatus }; sx?: SxProps<Theme> }) {
  const text = scheduledForText(order);
  if (!text) return null;
  return (
    <Box
      component="span"
      data-testid="scheduled-for"
      sx={[
        {
          display: 'inline-block',
          px: 0.75,
          py: 0.125,
          border: 2,
          borderColor: 'primary.main',
          borderRadius: 1,
          fontWeight: 800,
          color: 'text.primary',
          whiteSpace: 'nowrap',
          lineHeight: 1.5,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {text}
    </Box>
  );
}
