import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderWire } from '@shop/shared/contract/orders';
import { RUNNING_LATE_CHOICES } from '@shop/shared/domain/order-promise';
import { WaitingTime } from '../../../components/back-office/waiting-time';
import { readyAtText, refusalOf } from '../../../lib/order-answer';
import { useOrderTimerSettings } from '../../../lib/shop-settings';
import { useNow } from '../../../lib/use-now';
import { useCan } from '../../../lib/use-session';
import { canRetime, lateReadyInMinutes } from '../lib/order-page';
import { OrderAnswerDialogs, useChangeOrder } from './status-menu';

/** A waiting order: how long it has waited, and Accept (asks when) and Reject (asks why), as in the popup. */
function WaitingPanel({ order, now }: { order: OrderWire; now: Date }) {
  const { lateAfterMinutes } = useOrderTimerSettings();
  const [asking, setAsking] = useState<'accept' | 'cancel' | null>(null);
  const { send, busy } = useChangeOrder(order);
  // Answering a new order is the counter's and the managers' (the kitchen sees it wait).
  const mayAnswer = useCan('acceptReject');
  return (
    <Paper variant="outlined" component="section" aria-label="Waiting for an answer" sx={{ p: 2, mb: 2, borderColor: 'warning.main' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>This order waits for an answer</Typography>
          <WaitingTime placedAt={order.placedAt} scheduledFor={order.scheduledFor} now={now} lateAfterMinutes={lateAfterMinutes} />
        </Box>
        {mayAnswer && (
          <Stack direction="row" spacing={1}>
            <Button color="error" variant="outlined" disabled={busy} onClick={() => setAsking('cancel')}>
              Reject
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => setAsking('accept')}>
              Accept
            </Button>
          </Stack>
        )}
      </Stack>
      <OrderAnswerDialogs order={order} asking={asking} onClose={() => setAsking(null)} send={send} />
    </Paper>
  );
}

/** An accepted order: when it is expected, and 'Running late' to move that by RUNNING_LATE_CHOICES. */
function ExpectedPanel({ order, now }: { order: OrderWire; now: Date }) {
  const { send, busy } = useChangeOrder(order);
  const [refusal, setRefusal] = useState<unknown>(null);
  const mayRetime = useCan('orderStatus');
  const retimable = canRetime(order) && mayRetime;
  const expectedAt = order.expectedAt === null ? null : new Date(order.expectedAt);

  const late = async (extra: number) => {
    if (expectedAt === null) return;
    setRefusal(null);
    try {
      await send({ readyInMinutes: lateReadyInMinutes(expectedAt, now, extra) });
    } catch (error) {
      setRefusal(error);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Expected time" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', flexGrow: 1 }}>Expected at {order.expectedTime}</Typography>
        {retimable && expectedAt && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="running-late" color="text.secondary">
              Running late?
            </Typography>
            {RUNNING_LATE_CHOICES.map((extra) => {
              const at = readyAtText(now, lateReadyInMinutes(expectedAt, now, extra));
              return (
                <Button
                  key={extra}
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void late(extra)}
                  aria-label={`+${extra} min, expected at ${at}`}
                  aria-describedby="running-late"
                >
                  +{extra} min ({at})
                </Button>
              );
            })}
          </Stack>
        )}
      </Stack>
      {refusal !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {refusalOf(refusal).message}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * The order page's promise: a waiting order's Accept and Reject with how long it has waited, an accepted
 * one's expected time with 'Running late', a canceled one's reason.
 */
export function OrderPromisePanel({ order }: { order: OrderWire }) {
  const now = useNow();
  if (order.status === 'Pending Order') return <WaitingPanel order={order} now={now} />;
  if (order.status === 'Canceled Order') {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>Canceled</AlertTitle>
        {order.cancelReason ?? 'No reason was recorded.'}
      </Alert>
    );
  }
  if (order.expectedTime !== null && order.status !== 'Delivered Order') return <ExpectedPanel order={order} now={now} />;
  return null;
}
