import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderWire } from '@shop/shared/contract/orders';
import { OrderFlags } from '../../../components/back-office/order-flags';
import { ScheduledFor } from '../../../components/scheduled-for';
import { WaitingTime } from '../../../components/back-office/waiting-time';

/**
 * Under an order's status in the lists: how long a waiting order has waited ('Waiting 6 min', 'Late'),
 * and when an accepted one is expected ('Expected at 19:45'); an order placed ahead says for when first ('For Sat
 * 19:30'); COLLECTION and 'ALLERGY: ...' above all.
 */
export function OrderPromise({
  order,
  now,
  lateAfterMinutes,
}: {
  order: Pick<OrderWire, 'status' | 'placedAt' | 'expectedTime' | 'scheduledFor' | 'fulfilment' | 'allergyNote'>;
  now: Date;
  lateAfterMinutes: number;
}) {
  return (
    <>
      {/* COLLECTION and the allergy note, loud in the lists too. */}
      <OrderFlags order={order} sx={{ mt: 0.5 }} />
      <ScheduledFor order={order} style={{ marginTop: 4 }} />
      <OrderTiming order={order} now={now} lateAfterMinutes={lateAfterMinutes} />
    </>
  );
}

function OrderTiming({
  order,
  now,
  lateAfterMinutes,
}: {
  order: Pick<OrderWire, 'status' | 'placedAt' | 'expectedTime' | 'scheduledFor'>;
  now: Date;
  lateAfterMinutes: number;
}) {
  if (order.status === 'Pending Order') {
    return (
      <Box sx={{ mt: 0.5 }}>
        <WaitingTime placedAt={order.placedAt} scheduledFor={order.scheduledFor} now={now} lateAfterMinutes={lateAfterMinutes} />
      </Box>
    );
  }
  if ((order.status === 'Approved Order' || order.status === 'On the way') && order.expectedTime) {
    return (
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, whiteSpace: 'nowrap' }}>
        Expected at {order.expectedTime}
      </Typography>
    );
  }
  return null;
}
